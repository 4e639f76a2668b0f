#!/usr/bin/env python3
"""A Minesweeper position made to stress the analysis of large boards (instances/mines/lattice_*).

Usage: mines_lattice.py SIDE SEED DENSITY > position.txt

A SIDE x SIDE board of 3x3 blocks of unknown cells between lines of revealed digits (every cell
whose x or y is 3 mod 4). Each unknown cell holds a mine with probability DENSITY (Python's
random.Random(SEED)); every digit is its true count, so the position is consistent. Every digit
line links the blocks on both sides, so the frontier is one web across the whole board that the
rules break into hundreds of parts, and every block's centre is an interior cell.
"""
import random
import sys


def main():
    side, seed, density = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3])
    rng = random.Random(seed)
    unknown = [(x, y) for y in range(side) for x in range(side) if x % 4 != 3 and y % 4 != 3]
    mines = {c for c in unknown if rng.random() < density}
    unknown = set(unknown)
    print(f"# lattice: scripts/mines_lattice.py {side} {seed} {density}")
    print(side, side, len(mines))
    for y in range(side):
        row = ""
        for x in range(side):
            if (x, y) in unknown:
                row += "."
            else:
                row += str(sum((x + dx, y + dy) in mines for dx in (-1, 0, 1) for dy in (-1, 0, 1)))
        print(row)


if __name__ == "__main__":
    main()
