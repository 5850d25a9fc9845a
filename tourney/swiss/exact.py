"""The exact solver of a Swiss round (or a window of it): minimum-cost perfect matching on
the complete graph with every cost tier folded into one integer weight, by Edmonds' weighted
blossom (rustworkx when installed, else networkx). See tourney.swiss.pairing."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .limits import _RX_MAX_WEIGHT, HAVE_RUSTWORKX
from .errors import SwissFatalError

if TYPE_CHECKING:  # pragma: no cover
    from .problem import PairingProblem


def solve_exact(p: PairingProblem, nodes: list[int], p_next: int | None = None,
                backend: str | None = None) -> tuple[list[tuple[int, int]], int | None]:
    """Minimum-cost perfect matching of ``nodes`` (complete graph, weighted blossom).

    When the count is odd, the slot -1 stands for "floats to the next group" and
    the node matched with it is returned as the floater. ``backend``: "rustworkx"
    (Edmonds' blossom in Rust, the default when installed) or "networkx" (the same
    algorithm in Python, about 80x slower; the fallback and the benchmark baseline)."""
    nodes = list(nodes)
    if len(nodes) % 2:
        if p_next is None:
            raise SwissFatalError("odd window without a next group")
        nodes.append(-1)
    if not nodes:
        return [], None
    k = len(nodes)
    edges = [(u, v, p.tiers(u, v, p_next))
             for i, u in enumerate(nodes) for v in nodes[i + 1:]]
    # lexicographic tiers -> one integer: each tier outweighs every lower tier's sum
    maxima = [max(t[i] for _u, _v, t in edges) for i in range(7)]
    mult = [0] * 7
    m = 1
    for i in range(6, -1, -1):
        mult[i] = m
        m *= (k // 2) * maxima[i] + 1
    top = m
    weighted = [(u, v, top - sum(t[i] * mult[i] for i in range(7))) for u, v, t in edges]
    if backend is None:
        backend = "rustworkx" if HAVE_RUSTWORKX and top < _RX_MAX_WEIGHT else "networkx"
    if backend == "rustworkx":
        import rustworkx as rx

        pos = {u: i for i, u in enumerate(nodes)}
        rgraph = rx.PyGraph()
        rgraph.add_nodes_from(range(k))
        rgraph.add_edges_from([(pos[u], pos[v], w) for u, v, w in weighted])
        matching = {(nodes[i], nodes[j]) for i, j in
                    rx.max_weight_matching(rgraph, max_cardinality=True, weight_fn=int)}
    else:
        import networkx as nx

        graph = nx.Graph()
        graph.add_nodes_from(nodes)
        graph.add_weighted_edges_from(weighted)
        matching = nx.max_weight_matching(graph, maxcardinality=True)
    if 2 * len(matching) != k:
        raise SwissFatalError("the complete graph must have a perfect matching")
    pairs: list[tuple[int, int]] = []
    floater = None
    for u, v in matching:
        if u == -1 or v == -1:
            floater = v if u == -1 else u
        else:
            pairs.append((min(u, v), max(u, v)))
    pairs.sort()
    return pairs, floater
