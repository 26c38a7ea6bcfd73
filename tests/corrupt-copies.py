#!/usr/bin/env python3
# corrupt-copies.py — damages copies of a game database or of endgame tables
# and counts how draughtsman-cli answers from them (issue 25)
#
# SPDX-FileCopyrightText: 2026 The Draughtsman authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
#   corrupt-copies.py gamedb CLI PRISTINE.sqlite IMPORT.pdn WORKDIR N SEED
#   corrupt-copies.py egdb   CLI TABLE_DIR VARIANT PIECES WORKDIR N SEED
#
# gamedb: N copies of PRISTINE, every other one cut short at a random
# length, the rest with 1 to 8 bytes flipped at random places; on each,
# six reads (info, two searches, two explorer look-ups, show) compared with
# the pristine file's answers, PRAGMA quick_check (read-only), then an
# import of IMPORT.pdn.  egdb: N copies of TABLE_DIR/VARIANT with 4 bytes
# flipped in the blocks of one table of PIECES pieces, and 16 probes of
# random positions of that table on each, compared with the pristine
# tables' answers.  Both print the counts and are deterministic for a SEED.

import os
import random
import shutil
import sqlite3
import struct
import subprocess
import sys

READS = [
    ["info"],
    ["search", "--player", "a"],
    ["search", "--event", "ch"],
    ["explore", "--variant", "russian"],
    ["explore", "--variant", "english"],
    ["show", "100"],
]


def run(cmd):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       stdin=subprocess.DEVNULL, timeout=120)
    return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")


def quick_check(path, pragma="quick_check"):
    try:
        db = sqlite3.connect("file:%s?immutable=1" % path, uri=True)
        row = db.execute("PRAGMA " + pragma).fetchone()
        db.close()
        return row is not None and row[0] == "ok"
    except sqlite3.DatabaseError:
        return False


def damage_file(path, rng, truncate, lo=0, hi=None, flips=None):
    data = bytearray(open(path, "rb").read())
    if truncate:
        cut = rng.randrange(0, len(data))
        data = data[:cut]
    else:
        hi = len(data) if hi is None else hi
        for _ in range(flips if flips is not None else rng.randint(1, 8)):
            at = rng.randrange(lo, hi)
            data[at] ^= 1 << rng.randrange(8)
    open(path, "wb").write(bytes(data))


def gamedb(cli, pristine, pdn, work, n, seed):
    rng = random.Random(seed)
    os.makedirs(work, exist_ok=True)
    expected = [run([cli, "db"] + r + ["--db", pristine]) for r in READS]
    for r, e in zip(READS, expected):
        assert e[0] == 0, (r, e)
    counts = dict(reads=0, same=0, refused=0, silent=0, damaged=0, integrity=0,
                  imports_ok_damaged=0, imports_refused_damaged=0,
                  imports_ok_sound=0, imports_refused_sound=0)
    examples = []
    for i in range(n):
        copy = os.path.join(work, "copy-%d.sqlite" % i)
        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(copy + suffix):
                os.unlink(copy + suffix)
        shutil.copyfile(pristine, copy)
        damage_file(copy, rng, truncate=(i % 2 == 0))
        for r, e in zip(READS, expected):
            got = run([cli, "db"] + r + ["--db", copy])
            counts["reads"] += 1
            if got[0] != 0:
                counts["refused"] += 1
            elif got[1].replace(copy, pristine) == e[1]:
                counts["same"] += 1
            else:
                counts["silent"] += 1
                if len(examples) < 5:
                    examples.append("copy %d, db %s: exit 0, output differs" % (i, " ".join(r)))
        sound = quick_check(copy)
        counts["damaged"] += not sound
        counts["integrity"] += not quick_check(copy, "integrity_check")
        rc = run([cli, "db", "import", "--db", copy, pdn])[0]
        key = "imports_%s_%s" % ("ok" if rc == 0 else "refused", "sound" if sound else "damaged")
        counts[key] += 1
        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(copy + suffix):
                os.unlink(copy + suffix)
    print("gamedb: %d copies (%d cut short, %d with bytes flipped), %d fail quick_check, "
          "%d integrity_check" % (n, (n + 1) // 2, n // 2, counts["damaged"], counts["integrity"]))
    print("  reads: %(reads)d; same answer %(same)d, refused (non-zero exit) %(refused)d, "
          "different answer with exit 0 %(silent)d" % counts)
    print("  imports into the %(damaged)d damaged copies: reported success %(imports_ok_damaged)d, "
          "refused %(imports_refused_damaged)d" % counts)
    print("  imports into the sound copies: success %(imports_ok_sound)d, "
          "refused %(imports_refused_sound)d" % counts)
    for e in examples:
        print("  e.g. " + e)


# Endgame tables --------------------------------------------------------------

def egdb_blocks(path):
    """The byte ranges of the blocks of each part of a table file."""
    h = open(path, "rb").read()
    n_parts = struct.unpack_from("<I", h, 40)[0]
    ranges = []
    for p in range(n_parts):
        d = 72 + 80 * p
        n_blocks = struct.unpack_from("<I", h, d + 16)[0]
        index_at, data_at = struct.unpack_from("<QQ", h, d + 24)
        end = struct.unpack_from("<Q", h, index_at + 8 * n_blocks)[0]
        ranges.append((data_at, data_at + end))
    return ranges


def english_fen(rng, slice_name):
    """A random position of @slice_name ("mk-m": men then kings, stronger
    side first) on the English board, either side first and to move."""
    sides = slice_name.split("-")
    white_first = rng.random() < 0.5
    squares = list(range(1, 33))
    rng.shuffle(squares)
    pieces = {"W": [], "B": []}
    for s, text in enumerate(sides):
        colour = "W" if (s == 0) == white_first else "B"
        for c in text:
            while True:
                sq = squares.pop()
                # White men crown on 1-4, Black men on 29-32.
                if c == "m" and ((colour == "W" and sq <= 4) or (colour == "B" and sq >= 29)):
                    squares.insert(0, sq)
                    continue
                break
            pieces[colour].append(("K" if c == "k" else "") + str(sq))
    turn = rng.choice("WB")
    return "%s:W%s:B%s" % (turn, ",".join(pieces["W"]), ",".join(pieces["B"]))


def egdb(cli, tables, variant, pieces, work, n, seed):
    rng = random.Random(seed)
    folder = os.path.join(tables, variant)
    files = sorted(f for f in os.listdir(folder)
                   if f.endswith(".egdb") and len(f[:-5].replace("-", "")) == pieces)
    counts = dict(probes=0, same=0, said=0, other_error=0, silent=0, no_best=0)
    examples = []
    for i in range(n):
        copy = os.path.join(work, "egdb-%d" % i)
        if os.path.exists(copy):
            shutil.rmtree(copy)
        shutil.copytree(folder, os.path.join(copy, variant))
        name = rng.choice(files)
        path = os.path.join(copy, variant, name)
        ranges = egdb_blocks(path)
        lo, hi = ranges[rng.randrange(len(ranges))]
        damage_file(path, rng, truncate=False, lo=lo, hi=hi, flips=4)
        for _ in range(16):
            fen = english_fen(rng, name[:-5])
            good = run([cli, "egdb", "probe", "--variant", variant, "--dir", tables, "--fen", fen])
            got = run([cli, "egdb", "probe", "--variant", variant, "--dir", copy, "--fen", fen])
            if good[0] != 0:
                continue     # not a legal position, or not in the tables
            counts["probes"] += 1
            if got[0] == 0 and got[1] == good[1]:
                counts["same"] += 1
            elif got[0] != 0 and "damaged" in got[2]:
                counts["said"] += 1
            elif got[0] != 0:
                counts["other_error"] += 1
                if len(examples) < 5:
                    examples.append("%s %s: %s" % (name, fen, got[2].strip()))
            else:
                counts["silent"] += 1
                counts["no_best"] += "bestmove (none)" in got[1] and "bestmove (none)" not in good[1]
                if len(examples) < 5:
                    examples.append("%s %s: exit 0, %r instead of %r"
                                    % (name, fen, got[1].strip(), good[1].strip()))
        shutil.rmtree(copy)
    print("egdb: %d copies of %s/%s, 4 bytes flipped in the blocks of one %d-piece table each"
          % (n, tables, variant, pieces))
    print("  probes: %(probes)d; same answer %(same)d, said damaged (non-zero exit) %(said)d, "
          "other error %(other_error)d, different answer with exit 0 %(silent)d "
          "(of which bestmove (none) %(no_best)d)" % counts)
    for e in examples:
        print("  e.g. " + e)


def main(argv):
    if len(argv) == 8 and argv[1] == "gamedb":
        gamedb(argv[2], argv[3], argv[4], argv[5], int(argv[6]), int(argv[7]))
    elif len(argv) == 9 and argv[1] == "egdb":
        egdb(argv[2], argv[3], argv[4], int(argv[5]), argv[6], int(argv[7]), int(argv[8]))
    else:
        sys.stderr.write("usage: corrupt-copies.py gamedb CLI PRISTINE IMPORT.pdn WORKDIR N SEED\n"
                         "       corrupt-copies.py egdb CLI TABLE_DIR VARIANT PIECES WORKDIR N SEED\n")
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
