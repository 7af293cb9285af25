"""Col and Snort's old home, kept so old imports and pickles work.

Col, Snort and the graph machinery under them were written here; they live
in modules by concept now (issue 27, one ruleset per file on shared
geometry):

* the graph geometry: the string syntax (:func:`~cgt.games.graph.parse_graph`,
  :func:`~cgt.games.graph.format_graph`), canonical labelling and the
  symmetry key (:func:`~cgt.games.graph.canonical_key`), components,
  induced subgraphs, coordinates and pictures: :mod:`cgt.games.graph`;
* what the colouring games share (:class:`~cgt.games.graph_colouring.GraphRules`,
  :class:`~cgt.games.graph_colouring.HostRules`, the positions' base class
  and the compiled engine's glue): :mod:`cgt.games.graph_colouring`;
* :class:`~cgt.games.col.Col`, its rules ``COL`` and
  :func:`~cgt.games.col.col_path_value`: :mod:`cgt.games.col`;
* :class:`~cgt.games.snort.Snort` and its rules ``SNORT``:
  :mod:`cgt.games.snort`.

Every name this module had is still importable from here, and a pickle
naming ``cgt.games.graphs.Col`` (as written before the move) loads the same
class.  New code imports from the modules above.

>>> from cgt.games.graphs import Col
>>> from cgt.games.col import Col as Moved
>>> Col is Moved
True
"""

from __future__ import annotations

from .col import _COL_END as _COL_END
from .col import COL as COL
from .col import Col, col_path_value
from .graph import _CHAR_TINT as _CHAR_TINT
from .graph import _HASH as _HASH
from .graph import _HASH_SOURCE as _HASH_SOURCE
from .graph import _HIGH_BITS as _HIGH_BITS
from .graph import _LOW_BITS as _LOW_BITS
from .graph import _SWAP as _SWAP
from .graph import _TINT_CHAR as _TINT_CHAR
from .graph import _TOKEN as _TOKEN
from .graph import Raw as Raw
from .graph import _bits as _bits
from .graph import _canonical_labelled as _canonical_labelled
from .graph import _certificate as _certificate
from .graph import _components as _components
from .graph import _cycle_key as _cycle_key
from .graph import _cycle_order as _cycle_order
from .graph import _hashes as _hashes
from .graph import _induced as _induced
from .graph import _label as _label
from .graph import _labelling as _labelling
from .graph import _least_rotation as _least_rotation
from .graph import _orbit_closure as _orbit_closure
from .graph import _path_key as _path_key
from .graph import _path_order as _path_order
from .graph import _path_tints as _path_tints
from .graph import _read_dicts as _read_dicts
from .graph import _read_graph as _read_graph
from .graph import _refine as _refine
from .graph import _tint_masks as _tint_masks
from .graph import _tint_profile as _tint_profile
from .graph import canonical_key, format_graph, parse_graph
from .graph import graph_svg as graph_svg
from .graph import node_coordinates as node_coordinates
from .graph_colouring import _HOST_TOKENS as _HOST_TOKENS
from .graph_colouring import _K as _K
from .graph_colouring import _V as _V
from .graph_colouring import GraphRules, HostRules
from .graph_colouring import _graph_engine as _graph_engine
from .graph_colouring import _graph_value as _graph_value
from .graph_colouring import _GraphGame as _GraphGame
from .graph_colouring import _mask_mapper as _mask_mapper
from .graph_colouring import _store as _store
from .snort import SNORT as SNORT
from .snort import Snort

__all__ = [
    "Col",
    "GraphRules",
    "HostRules",
    "Snort",
    "canonical_key",
    "col_path_value",
    "format_graph",
    "parse_graph",
]
