"""crown.vector's Gymnasium ids: "crown/GameOfKingdoms-v0" and one for each
game of the library, registered when crown.vector is imported and
Gymnasium imports, so that gymnasium.make_vec(id, num_envs=...) makes a
VectorEnv (the id's vector entry point; the game's options as keywords)."""

from typing import Any, Dict, List

from .. import discovery

NAMESPACE = "crown"
VERSION = 0


def gymnasium_id(name: str) -> str:
    """The Gymnasium id of game `name`: "crown/" and its name in CamelCase,
    then "-v0" (game_of_kingdoms: "crown/GameOfKingdoms-v0")."""
    camel = "".join(word[:1].upper() + word[1:] for word in name.split("_"))
    return "%s/%s-v%d" % (NAMESPACE, camel, VERSION)


def gymnasium_ids() -> Dict[str, str]:
    """Each game's id, by its name, for the games of the library loaded."""
    return {gymnasium_id(name): name for name in discovery.games()}


def register(gymnasium: Any) -> List[str]:
    """Registers the ids that `gymnasium`'s registry does not hold yet
    (again after a reload of crown.vector: nothing, and no warning);
    returns those it registered.  The vector entry point is named as text,
    so that Gymnasium finds crown.vector's VectorEnv when it makes one."""
    done = []
    for env_id, name in gymnasium_ids().items():
        if env_id in gymnasium.registry:
            continue
        gymnasium.register(id=env_id, vector_entry_point="crown.vector:VectorEnv",
                           kwargs={"name": name})
        done.append(env_id)
    return done
