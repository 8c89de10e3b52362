#!/usr/bin/env python3
# mypy: warn-unused-ignores=False
"""Self-play with crown.vector: one small numpy policy plays every seat of many
games at once and learns by REINFORCE from each seat's own rewards.

The policy scores the N actions from the observation tensor through a rank-k
linear map (logits = (obs @ U) @ V.T, only the legal actions count) and
samples an action.  Each update collects `--steps` steps of every game,
computes for each decision the reward-to-go of the seat that made it (its
rewards from that step to the end of its episode, within the rollout), and
takes a gradient step on the log-probability of the decisions weighted by
that return less the batch mean.  It is the shape of a training loop, not a
tuned learner: see docs/bots.md.

    python3 examples/python/selfplay.py --game game_of_kingdoms --options players=3
"""

import argparse
import sys
from typing import Any, List, Optional, Tuple

import numpy as np  # type: ignore[import]

from crown.vector import VectorEnv


class Policy:
    """logits = (obs @ U) @ V.T, masked; softmax over the legal actions."""

    def __init__(self, obs_size: int, num_actions: int, rank: int, seed: int) -> None:
        rng = np.random.default_rng(seed)
        self.u = rng.normal(0, 1 / np.sqrt(obs_size), (obs_size, rank)).astype(np.float32)
        self.v = np.zeros((num_actions, rank), dtype=np.float32)
        self.rng = rng

    def probabilities(self, obs: Any, mask: Any) -> Tuple[Any, Any]:
        """The hidden features and each legal action's probability (a row
        without a legal action, a game at its end, whose action is ignored:
        every action's)."""
        hidden = obs @ self.u
        logits = hidden @ self.v.T
        legal = (mask != 0) | ~(mask != 0).any(axis=1, keepdims=True)
        logits = np.where(legal, logits, -np.inf)
        logits -= logits.max(axis=1, keepdims=True)
        p = np.exp(logits)
        p /= p.sum(axis=1, keepdims=True)
        return hidden, p

    def sample(self, obs: Any, mask: Any) -> Any:
        """One action per game, drawn from the policy."""
        _, p = self.probabilities(obs, mask)
        cumulative = np.cumsum(p, axis=1)
        draw = self.rng.random((len(p), 1)) * cumulative[:, -1:]
        actions = np.minimum((cumulative < draw).sum(axis=1), p.shape[1] - 1)
        # (rounding can land on an illegal action at the very end: take the
        # most probable one then)
        bad = (mask[np.arange(len(p)), actions] == 0) & (mask != 0).any(axis=1)
        actions[bad] = p[bad].argmax(axis=1)
        return actions.astype(np.int32)

    def update(self, steps: List[Tuple[Any, Any, Any, Any]], lr: float) -> None:
        """One REINFORCE step over the (obs, mask, actions, advantage) of
        each step: raise log p(action) in proportion to the advantage.  (Step
        by step: the probabilities of a step are num_envs x N floats.)"""
        grad_u = np.zeros_like(self.u)
        grad_v = np.zeros_like(self.v)
        total = max(1, sum(int(np.count_nonzero(a)) for _, _, _, a in steps))
        for obs, mask, actions, advantage in steps:
            hidden, p = self.probabilities(obs, mask)
            grad_logits = -p
            grad_logits[np.arange(len(actions)), actions] += 1.0
            grad_logits *= advantage[:, None] / total
            grad_v += grad_logits.T @ hidden
            grad_u += obs.T @ (grad_logits @ self.v)
        self.v += lr * grad_v
        self.u += lr * grad_u


def rewards_to_go(seat_rewards: List[Any], ended: List[Any], acting: List[Any]) -> Any:
    """For each step and game, the rewards of the seat that acted from that
    step to the end of its episode (or of the rollout)."""
    to_go = np.zeros_like(seat_rewards[0])
    out = []
    rows = np.arange(len(to_go))
    for r, done, seat in zip(reversed(seat_rewards), reversed(ended), reversed(acting)):
        # A step that ended an episode starts the sum again (what follows it
        # is the next episode's).
        to_go = r + np.where(done[:, None], 0.0, to_go)
        out.append(to_go[rows, np.maximum(seat, 0)])
    return np.stack(out[::-1])


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="game_of_kingdoms", help="the game (default %(default)s)")
    parser.add_argument("--options", default="players=3", help="its options (default %(default)s)")
    parser.add_argument("--num-envs", type=int, default=256, help="games (default %(default)s)")
    parser.add_argument("--updates", type=int, default=20, help="updates (default %(default)s)")
    parser.add_argument("--steps", type=int, default=64,
                        help="steps of every game per update (default %(default)s)")
    parser.add_argument("--rank", type=int, default=16, help="the policy's rank (default 16)")
    parser.add_argument("--lr", type=float, default=0.5, help="learning rate (default 0.5)")
    parser.add_argument("--seed", type=int, default=1, help="the seed (default 1)")
    args = parser.parse_args(argv)

    with VectorEnv(args.game, args.options, num_envs=args.num_envs, seed=args.seed) as env:
        policy = Policy(env.observation_size, env.num_actions, args.rank, args.seed)
        obs, infos = env.reset(seed=args.seed)
        episode_returns = np.zeros((env.num_envs, env.num_players))
        for update in range(1, args.updates + 1):
            batch_obs, batch_mask, batch_actions = [], [], []
            seat_rewards, ended, acting = [], [], []
            finished: List[Any] = []
            for _ in range(args.steps):
                actions = policy.sample(obs["observation"], obs["action_mask"])
                # Each call's arrays are new and ours (the env's default):
                # kept as they are.
                batch_obs.append(obs["observation"])
                batch_mask.append(obs["action_mask"])
                batch_actions.append(actions)
                acting.append(infos["current_player"])
                obs, rewards, terminations, truncations, infos = env.step(actions)
                done = terminations | truncations
                seat_rewards.append(rewards)  # every seat's (num_envs x players)
                ended.append(done)
                episode_returns += rewards
                finished.extend(episode_returns[done])
                episode_returns[done] = 0
            returns = rewards_to_go(seat_rewards, ended, acting)
            # A game left at its end (next-step autoreset, the default:
            # current player -2) made no decision: no advantage.
            decided = np.stack(acting) >= 0
            advantage = np.where(decided, returns - returns[decided].mean(), 0.0)
            policy.update(list(zip(batch_obs, batch_mask, batch_actions, advantage)), args.lr)
            if finished:
                mean = np.mean(finished, axis=0)
                print("update %d: %d episodes, mean return per seat %s"
                      % (update, len(finished), " ".join("%+.3f" % x for x in mean)))
            else:
                print("update %d: no episode finished yet" % update)
    return 0


if __name__ == "__main__":
    sys.exit(main())
