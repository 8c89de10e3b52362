#!/usr/bin/env python3
"""Writes the seed corpus of the fuzz harnesses (tests/fuzz/corpus/*) from
the saved games of tests/data/saves and a list of option texts; run from
anywhere, then commit the files.  Deterministic: the same files each run."""
import os
import random

here = os.path.dirname(os.path.abspath(__file__))
saves = os.path.join(here, "..", "data", "saves")
games = ["game_of_kingdoms", "kings_family", "kings_blood", "blood_bound"]
configs = [  # the order of fz_configs in fuzz.h
    "game_of_kingdoms", "game_of_kingdoms", "game_of_kingdoms", "kings_family",
    "kings_family", "kings_family", "kings_blood", "kings_blood", "kings_blood",
    "blood_bound", "blood_bound", "blood_bound"]
options = {
    "game_of_kingdoms": ["", "players=4,variant=ruthless", "players=6,games=3,max_bouts=9",
                         "players=2,later_lead=lowest_trump,chance=explicit"],
    "kings_family": ["", "chance=explicit", "deck=B1m B1f B2m Y3f R4m G5f-skip assassination"],
    "kings_blood": ["players=3", "players=4,advanced=on", "players=2,match=on,target=40",
                    "players=5,deck=B1m B1f R2m R2f Y3m G4f-reverse exile new-connection",
                    "players=2,match=on,max_turns=20,max_match_turns=60"],
    "blood_bound": ["players=6", "players=9,chance=explicit", "players=12,max_turns=50"],
}


def write(kind, name, data):
    d = os.path.join(here, "corpus", kind)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name), "wb") as f:
        f.write(data)


def main():
    rnd = random.Random(1)
    fixtures = sorted(f for f in os.listdir(saves) if f.endswith(".save"))
    texts = {}
    for f in fixtures:
        with open(os.path.join(saves, f), "rb") as fh:
            texts[f] = fh.read()
        write("load", f, texts[f])
    for gi, g in enumerate(games):
        for oi, o in enumerate(options[g]):
            write("options", "%s-%d" % (g, oi), bytes([gi, 7]) + o.encode())
            write("options", "%s-%d-named" % (g, oi), bytes([128, 3]) + (g + "|" + o).encode())
    # Move texts: the moves of the saved games, against states of the same game.
    for f, t in texts.items():
        lines = t.decode().split("\n")
        game = lines[1].split(" ", 1)[1].split(":")[0]
        start = 4
        moves = lines[start:-2]
        picks = [c for c, name in enumerate(configs) if name == game]
        for k in range(4):
            line = moves[rnd.randrange(len(moves))]
            write("moves", "%s-%d" % (f[:-5], k),
                  bytes([picks[k % len(picks)], k, rnd.randrange(40)]) + line.encode())
    for k in range(24):
        data = bytes([k % len(configs), k]) + bytes(rnd.randrange(256) for _ in range(200))
        write("api", "random-%02d" % k, data)
    # Batches: a config, a size, a seed, max_steps, then the calls.
    for k in range(24):
        data = (bytes([k % len(configs), k % 6]) + k.to_bytes(8, "big") + bytes([k * 7 % 40]) +
                bytes(rnd.randrange(256) for _ in range(300)))
        write("batch", "random-%02d" % k, data)
    # Searches: parameter texts (even first byte), then runs (odd).
    texts = ["", "iterations=10", " time = 0.001 ,threads=2", "iterations=5,playout=uniform,reuse=0",
             "determinizations=3,nodes=7,exploration=1.5", "iterations=0", "depth=2", "time=1,,",
             "iterations=18446744073709551615", "exploration=0.7.1"]
    for k, t in enumerate(texts):
        write("search", "params-%02d" % k, bytes([2 * k]) + t.encode())
    for k in range(24):
        data = (bytes([2 * k + 1, k % len(configs)]) + k.to_bytes(8, "big") +
                bytes(rnd.randrange(256) for _ in range(120)))
        write("search", "random-%02d" % k, data)


main()
