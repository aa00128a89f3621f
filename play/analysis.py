"""The analysis board: moves for both sides from any position, kept as a tree of variations
that lives in the address (shareable as it is). Read-only for games: nothing here changes one.

The tree is written as PGN writes variations, in canonical moves: `d3d4 e7e5 (e7e6 c3c4) d4d5`
is the main line d3d4 e7e5 d4d5 with e7e6 c3c4 as the alternative to e7e5. A place in it is
the path of child indices from the start: `0.1.0` (empty: the start)."""

from __future__ import annotations

from dataclasses import dataclass, field

import rules
from play.errors import Refused

MOST_MOVES = 3000  # a tree's moves: Empire's longest game and room to spare
TREE_LENGTH = 30_000  # characters of the tree as written


@dataclass
class Node:
    move: str = ""
    children: list[Node] = field(default_factory=list)


def parse(text: str) -> Node:
    """The tree written `text`; Refused when the brackets do not match or it is too long."""
    if len(text) > TREE_LENGTH:
        raise Refused(f"The analysis is too long: at most {TREE_LENGTH:,} characters.")
    tokens = text.replace("(", " ( ").replace(")", " ) ").split()
    root, stack, count = Node(), [], 0
    last = root  # the node the next move follows
    before = root  # the node the last move followed: where a variation branches
    for token in tokens:
        if token == "(":
            stack.append((last, before))
            last = before
        elif token == ")":
            if not stack:
                raise Refused("Malformed analysis: a ) with no (.")
            last, before = stack.pop()
        else:
            count += 1
            if count > MOST_MOVES:
                raise Refused(f"The analysis has more than {MOST_MOVES:,} moves.")
            node = Node(token)
            last.children.append(node)
            before, last = last, node
    if stack:
        raise Refused("Malformed analysis: a ( with no ).")
    return root


def write(node: Node) -> str:
    """The tree as `parse` reads it."""
    if not node.children:
        return ""
    first, others = node.children[0], node.children[1:]
    parts = [first.move]
    for other in others:
        parts.append("(" + " ".join(filter(None, (other.move, write(other)))) + ")")
    rest = write(first)
    return " ".join(filter(None, (*parts, rest)))


def read_path(text: str, root: Node) -> list[int]:
    """A place in the tree, each step a child's index; Refused where there is no such node."""
    path = []
    node = root
    for step in filter(None, text.split(".")):
        if not step.isdigit() or int(step) >= len(node.children):
            raise Refused("Malformed analysis: that place is not in the tree.")
        path.append(int(step))
        node = node.children[path[-1]]
    return path


def path_text(path: list[int]) -> str:
    return ".".join(map(str, path))


def node_at(root: Node, path: list[int]) -> Node:
    node = root
    for step in path:
        node = node.children[step]
    return node


@dataclass
class Board:
    """The analysis as it stands: the game's rules, the start, the tree (checked by playing
    it), and the place looked at."""

    game: rules.Game
    start: str
    options: dict
    root: Node
    path: list[int]

    @classmethod
    def read(cls, slug: str, start: str, options: dict, tree: str, at: str) -> Board:
        try:
            game = rules.get(slug)
            options = game.validate_options(options)
            first = game.with_options(game.parse(start), options) if start else game.start(options)
        except ValueError as exc:
            raise Refused(f"Malformed analysis: {exc}") from None
        root = parse(tree)
        board = cls(game, game.format(first), options, root, [])
        board._check(root, first, [])
        board.path = read_path(at, root)
        return board

    def _check(self, node: Node, state, moves: list[str]) -> None:
        """Every move of the tree played where it stands, in canonical form."""
        for child in node.children:
            try:
                child.move = self.game.normalize(state, child.move)
                after = self.game.play(state, child.move)
            except ValueError as exc:
                where = " ".join(moves)
                raise Refused(
                    f"The move {child.move} (after {where or 'the start'}): {exc}"
                ) from None
            self._check(child, after, [*moves, child.move])

    def state_at(self, path: list[int] | None = None):
        state = self.game.with_options(self.game.parse(self.start), self.options)
        node = self.root
        for step in self.path if path is None else path:
            node = node.children[step]
            state = self.game.play(state, node.move)
        return state

    def play(self, text: str) -> None:
        """A move at the place looked at: to its node if the tree has it, else a new branch
        (the main line where there is none yet)."""
        state = self.state_at()
        if self.game.outcome(state):
            raise Refused("The game is over in this position.")
        try:
            move = self.game.normalize(state, text.strip())
            self.game.play(state, move)
        except ValueError as exc:
            raise Refused(str(exc)) from None
        node = node_at(self.root, self.path)
        for index, child in enumerate(node.children):
            if child.move == move:
                self.path.append(index)
                return
        if sum(1 for _ in _walk(self.root)) >= MOST_MOVES:
            raise Refused(f"The analysis has {MOST_MOVES:,} moves, its most.")
        node.children.append(Node(move))
        self.path.append(len(node.children) - 1)

    def promote(self) -> None:
        """The variation the place looked at is in becomes the line before it."""
        for depth in range(len(self.path) - 1, -1, -1):
            if self.path[depth] > 0:
                parent = node_at(self.root, self.path[:depth])
                chosen = parent.children.pop(self.path[depth])
                parent.children.insert(self.path[depth] - 1, chosen)
                self.path[depth] -= 1
                return
        raise Refused("This is the main line already.", 409)

    def delete(self) -> None:
        """The move looked at and all after it go; the place is the move before."""
        if not self.path:
            raise Refused("There is no move here to delete.", 409)
        parent = node_at(self.root, self.path[:-1])
        parent.children.pop(self.path[-1])
        self.path.pop()

    def steps(self) -> dict[str, list[int] | None]:
        """Where the steps go: the start, the move before, the next in this line, its end."""
        node, end = node_at(self.root, self.path), list(self.path)
        walker = node
        while walker.children:
            end.append(0)
            walker = walker.children[0]
        return {
            "first": [] if self.path else None,
            "back": self.path[:-1] if self.path else None,
            "forward": [*self.path, 0] if node.children else None,
            "last": end if end != self.path else None,
        }

    def rows(self) -> list[dict]:
        """The tree as the page lists it: each move with its number, place, and depth of
        variation, in reading order."""
        out: list[dict] = []
        state = self.game.with_options(self.game.parse(self.start), self.options)
        self._rows(self.root, state, [], 0, 0, out)
        return out

    def _rows(self, node: Node, state, path, ply, depth, out) -> None:
        """The line first, each alternative to its first move right after it, nested."""
        if not node.children:
            return
        first = node.children[0]
        after = self.game.play(state, first.move)
        out.append(self._row(state, first, [*path, 0], ply, depth))
        for index in range(1, len(node.children)):
            other = node.children[index]
            out.append({"open": depth + 1})
            here = self.game.play(state, other.move)
            out.append(self._row(state, other, [*path, index], ply, depth + 1))
            self._rows(other, here, [*path, index], ply + 1, depth + 1, out)
            out.append({"close": depth + 1})
        self._rows(first, after, [*path, 0], ply + 1, depth, out)

    def _row(self, state, node: Node, path, ply, depth) -> dict:
        return {
            "display": self.game.display(state, node.move),
            "number": ply // 2 + 1,
            "second": ply % 2 == 1,
            "path": path_text(path),
            "current": path == self.path,
            "depth": depth,
        }


def _walk(node: Node):
    for child in node.children:
        yield child
        yield from _walk(child)
