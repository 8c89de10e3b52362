"""The C signatures: the ctypes types of crown.h's arguments and PROTOTYPES,
the result and argument types of every function of crown.h, which
crown/_library.py gives the loaded library's functions."""

import ctypes
from typing import Any

# A foreign function of a loaded library (its ctypes type is private).
_Function = Any

_game_p = ctypes.c_void_p
_batch_p = ctypes.c_void_p
_search_p = ctypes.c_void_p
_int_p = ctypes.POINTER(ctypes.c_int)
_size_p = ctypes.POINTER(ctypes.c_size_t)
_u64 = ctypes.c_uint64
_u64_p = ctypes.POINTER(ctypes.c_uint64)
_move = ctypes.c_int32
_move_p = ctypes.POINTER(ctypes.c_int32)
_double_p = ctypes.POINTER(ctypes.c_double)
_char_p = ctypes.c_char_p
_size = ctypes.c_size_t
_int = ctypes.c_int

# Every function of crown.h: name -> (restype, argtypes).
PROTOTYPES = {
    "crown_version": (_int, []),
    "crown_version_string": (_char_p, []),
    "crown_strerror": (_char_p, [_int]),
    "crown_game_count": (_size, []),
    "crown_game_name": (_char_p, [_size]),
    "crown_game_summary": (_char_p, [_char_p]),
    "crown_describe_options": (_int, [_char_p, ctypes.c_void_p, _size, _size_p]),
    "crown_options_json": (_int, [_char_p, ctypes.c_void_p, _size, _size_p]),
    "crown_new": (_int, [ctypes.POINTER(_game_p), _char_p, _char_p, _u64]),
    "crown_new_ex": (_int, [ctypes.POINTER(_game_p), _char_p, _char_p, _u64,
                            ctypes.c_void_p, _size]),
    "crown_clone": (_int, [ctypes.POINTER(_game_p), _game_p]),
    "crown_copy": (_int, [_game_p, _game_p]),
    "crown_free": (None, [_game_p]),
    "crown_last_error": (_char_p, [_game_p]),
    "crown_name": (_char_p, [_game_p]),
    "crown_game_string": (_int, [_game_p, ctypes.c_void_p, _size, _size_p]),
    "crown_seed": (_int, [_game_p, _u64_p]),
    "crown_num_players": (_int, [_game_p, _int_p]),
    "crown_current_player": (_int, [_game_p, _int_p]),
    "crown_is_terminal": (_int, [_game_p, _int_p]),
    "crown_truncated": (_int, [_game_p, _int_p]),
    "crown_max_moves": (_int, [_game_p, _size_p]),
    "crown_legal_moves": (_int, [_game_p, _move_p, _size, _size_p]),
    "crown_num_distinct_moves": (_int, [_game_p, _size_p]),
    "crown_move_index": (_int, [_game_p, _move, _size_p]),
    "crown_index_move": (_int, [_game_p, _size, _move_p]),
    "crown_move_json": (_int, [_game_p, _move, ctypes.c_void_p, _size, _size_p]),
    "crown_legal_mask": (_int, [_game_p, ctypes.c_void_p, _size, _size_p]),
    "crown_apply": (_int, [_game_p, _move]),
    "crown_undo": (_int, [_game_p]),
    "crown_history_length": (_int, [_game_p, _size_p]),
    "crown_undo_depth": (_int, [_game_p, _size_p]),
    "crown_history": (_int, [_game_p, _move_p, _size, _size_p]),
    "crown_history_text": (_int, [_game_p, _size, _int, ctypes.c_void_p, _size, _size_p]),
    "crown_history_player": (_int, [_game_p, _size, _int_p]),
    "crown_chance_outcomes": (_int, [_game_p, _move_p, _double_p, _size, _size_p]),
    "crown_move_to_text": (_int, [_game_p, _move, ctypes.c_void_p, _size, _size_p]),
    "crown_move_from_text": (_int, [_game_p, _char_p, _move_p]),
    "crown_observation": (_int, [_game_p, _int, ctypes.c_void_p, _size, _size_p]),
    "crown_observation_json": (_int, [_game_p, _int, ctypes.c_void_p, _size, _size_p]),
    "crown_observation_shape": (_int, [_game_p, _size_p, _size, _size_p]),
    "crown_observation_layout": (_int, [_game_p, ctypes.c_void_p, _size, _size_p]),
    "crown_observation_tensor": (_int, [_game_p, _int, ctypes.POINTER(ctypes.c_float), _size,
                                        _size_p]),
    "crown_returns": (_int, [_game_p, _double_p, _size, _size_p]),
    "crown_scores": (_int, [_game_p, _double_p, _size, _size_p]),
    "crown_state_hash": (_int, [_game_p, _u64_p]),
    "crown_serialize": (_int, [_game_p, ctypes.c_void_p, _size, _size_p]),
    "crown_deserialize": (_int, [ctypes.POINTER(_game_p), _char_p]),
    "crown_deserialize_ex": (_int, [ctypes.POINTER(_game_p), _char_p, ctypes.c_void_p, _size]),
    "crown_resample": (_int, [_game_p, _int, _u64, ctypes.POINTER(_game_p)]),
    "crown_playout": (_int, [_game_p, _u64, _double_p, _size, _size_p]),
    "crown_playouts": (_int, [_game_p, _u64, _size, _double_p, _size, _size_p]),
    # Batches (crown.vector); arrays are passed as addresses (c_void_p).
    "crown_batch_new": (_int, [ctypes.POINTER(_batch_p), _char_p, _char_p, _size, _u64, _size,
                               ctypes.c_void_p, _size]),
    "crown_batch_free": (None, [_batch_p]),
    "crown_batch_last_error": (_char_p, [_batch_p]),
    "crown_batch_size": (_int, [_batch_p, _size_p]),
    "crown_batch_num_players": (_int, [_batch_p, _int_p]),
    "crown_batch_num_actions": (_int, [_batch_p, _size_p]),
    "crown_batch_observation_size": (_int, [_batch_p, _size_p]),
    "crown_batch_bind": (_int, [_batch_p] + [ctypes.c_void_p] * 6),
    "crown_batch_reset": (_int, [_batch_p, _u64]),
    "crown_batch_step": (_int, [_batch_p, ctypes.c_void_p]),
    "crown_batch_game": (_int, [_batch_p, _size, ctypes.POINTER(_game_p)]),
    "crown_batch_set_autoreset": (_int, [_batch_p, _int]),
    "crown_batch_bind_final": (_int, [_batch_p, ctypes.c_void_p, ctypes.c_void_p]),
    "crown_batch_reset_seeds": (_int, [_batch_p, ctypes.c_void_p]),
    "crown_batch_reset_masked": (_int, [_batch_p, ctypes.c_void_p, ctypes.c_void_p]),
    "crown_batch_episode_seed": (_int, [_batch_p, _size, ctypes.POINTER(_u64)]),
    "crown_batch_set_threads": (_int, [_batch_p, _int]),
    # The search (crown.search).
    "crown_search_new": (_int, [ctypes.POINTER(_search_p), _char_p, ctypes.c_void_p, _size]),
    "crown_search_free": (None, [_search_p]),
    "crown_search_last_error": (_char_p, [_search_p]),
    "crown_search_params": (_int, [_search_p, ctypes.c_void_p, _size, _size_p]),
    "crown_search_run": (_int, [_search_p, _game_p, _u64, _move_p]),
    "crown_search_stats": (_int, [_search_p, _move_p, _u64_p, _double_p, _size, _size_p]),
    "crown_search_totals": (_int, [_search_p, _u64_p, _double_p, _u64_p]),
    "crown_search_reset": (_int, [_search_p]),
}
