"""Count the import cycles among kingofny's modules, imports inside functions included.

The lint session runs this next to import-linter's contracts (``nox -s lint``). The graph is
grimp's (import-linter's own), which reads every import statement of a module, those inside
functions too; imports under ``if TYPE_CHECKING:`` are left out, and so is a module's import of
its own parent packages (Python imports those first anyway, so they close no cycle). Prints
each cycle (a strongly connected component of two or more modules) and exits 1 if there is
any.

Usage: ``python tools/import_cycles.py [package]`` (default ``kingofny``).
"""

from __future__ import annotations

import sys

import grimp


def import_graph(package: str) -> dict[str, set[str]]:
    """Each module of ``package`` with the modules of the package it imports."""
    graph = grimp.build_graph(package, exclude_type_checking_imports=True)
    edges: dict[str, set[str]] = {}
    for module in graph.modules:
        imported = graph.find_modules_directly_imported_by(module)
        edges[module] = {m for m in imported if not module.startswith(m + ".")} - {module}
    return edges


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of two or more modules (Tarjan, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def main(argv: list[str]) -> int:
    """Print the cycles of the package named in ``argv`` (or kingofny) and how many."""
    package = argv[1] if len(argv) > 1 else "kingofny"
    graph = import_graph(package)
    found = cycles(graph)
    for component in found:
        print(f"cycle of {len(component)}: {' -> '.join(component)}")
    print(f"{len(found)} import cycles among {len(graph)} modules")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
