"""The analysis board: moves for both sides from any position, kept as a tree of variations
that lives in the address (shareable as it is). Read-only for games: nothing here changes one.

The tree is written as PGN writes variations, in canonical moves: `d3d4 e7e5 (e7e6 c3c4) d4d5`
is the main line d3d4 e7e5 d4d5 with e7e6 c3c4 as the alternative to e7e5. A place in it is
the path of child indices from the start: `0.1.0` (empty: the start), a run written once:
`0x40`.

Trees are walked with stacks of their own, never by recursion: a line can be thousands of
moves long (Empire on 40×40)."""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import groupby

from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

import rules
from play.common import numbers
from play.common.errors import Refused
from play.common.language import translated

MOST_MOVES = 3000  # a tree's moves: Empire's longest game and room to spare
TREE_LENGTH = 30_000  # characters of the tree as written


@dataclass
class Node:
    move: str = ""
    children: list[Node] = field(default_factory=list)


def parse(text: str) -> Node:
    """The tree written `text`; Refused when the brackets do not match or it is too long."""
    if len(text) > TREE_LENGTH:
        raise _malformed(
            ngettext(
                "The analysis is too long: at most %(count)s character.",
                "The analysis is too long: at most %(count)s characters.",
                TREE_LENGTH,
            )
            % {"count": number_format(TREE_LENGTH, force_grouping=True)}
        )
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
                raise _malformed(_("a ) with no (."))
            last, before = stack.pop()
        else:
            count += 1
            if count > MOST_MOVES:
                raise _malformed(
                    ngettext(
                        "The analysis has more than %(count)s move.",
                        "The analysis has more than %(count)s moves.",
                        MOST_MOVES,
                    )
                    % {"count": number_format(MOST_MOVES, force_grouping=True)}
                )
            node = Node(token)
            last.children.append(node)
            before, last = last, node
    if stack:
        raise _malformed(_("a ( with no )."))
    return root


def _malformed(why: str) -> Refused:
    """An analysis an address or a form cannot give, saying why."""
    return Refused(_("Malformed analysis: %(why)s") % {"why": why})


def write(node: Node) -> str:
    """The tree as `parse` reads it."""
    words: list[str] = []
    todo: list[Node | str] = [node]  # a node: its moves still to write; a text: written as is
    while todo:
        item = todo.pop()
        if isinstance(item, str):
            words.append(item)
            continue
        if not item.children:
            continue
        first, others = item.children[0], item.children[1:]
        after: list[Node | str] = [first.move]
        for other in others:
            after += ["(", other.move, other, ")"]
        after.append(first)
        todo.extend(reversed(after))
    return " ".join(words).replace("( ", "(").replace(" )", ")")


def read_path(text: str, root: Node) -> list[int]:
    """A place in the tree, each step a child's index (`index` or, for a run of the same
    index, `indexxcount`: `0x40.1` is forty first children, then a second); Refused where
    there is no such node."""
    path: list[int] = []
    node = root
    for step in filter(None, text.split(".")):
        index, _x, count = step.partition("x")
        times = numbers.whole(count, _("a run of the place"), MOST_MOVES, 1) if count else 1
        child = numbers.whole(index, _("a step of the place"), MOST_MOVES)
        for _run in range(times):
            if child >= len(node.children):
                raise _malformed(_("that place is not in the tree."))
            path.append(child)
            node = node.children[child]
    return path


def path_text(path: list[int]) -> str:
    """A place as `read_path` reads it, runs of three or more of one index written once."""
    steps = []
    for index, run in groupby(path):
        count = len(list(run))
        steps += [f"{index}x{count}"] if count >= 3 else [str(index)] * count
    return ".".join(steps)


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
            raise _malformed(said(exc)) from None
        root = parse(tree)
        board = cls(game, game.format(first), options, root, [])
        board._check(root, first, [])
        board.path = read_path(at, root)
        return board

    def _check(self, root: Node, state, moves: list[str]) -> None:
        """Every move of the tree played where it stands, in canonical form."""
        line = list(moves)  # the moves to the node being checked
        todo = [(child, state, len(line)) for child in reversed(root.children)]
        while todo:
            child, before, depth = todo.pop()
            del line[depth:]
            try:
                child.move = self.game.normalize(before, child.move)
                after = self.game.play(before, child.move)
            except ValueError as exc:
                values = {"move": child.move, "moves": " ".join(line), "why": said(exc)}
                raise _malformed(
                    _("The move %(move)s (after %(moves)s): %(why)s") % values
                    if line
                    else _("The move %(move)s (after the start): %(why)s") % values
                ) from None
            line.append(child.move)
            todo.extend((c, after, depth + 1) for c in reversed(child.children))

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
            raise Refused(_("The game is over in this position."))
        try:
            move = self.game.normalize(state, text.strip())
            self.game.play(state, move)
        except ValueError as exc:
            raise Refused(said(exc)) from None
        node = node_at(self.root, self.path)
        for index, child in enumerate(node.children):
            if child.move == move:
                self.path.append(index)
                return
        if sum(1 for _ in _walk(self.root)) >= MOST_MOVES:
            raise Refused(
                ngettext(
                    "The analysis has %(count)s move, its most.",
                    "The analysis has %(count)s moves, its most.",
                    MOST_MOVES,
                )
                % {"count": number_format(MOST_MOVES, force_grouping=True)}
            )
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
        raise Refused(_("This is the main line already."), 409)

    def delete(self) -> None:
        """The move looked at and all after it go; the place is the move before."""
        if not self.path:
            raise Refused(_("There is no move here to delete."), 409)
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
        variation, in reading order: the line first, each alternative to its first move right
        after it, nested."""
        out: list[dict] = []
        start = self.game.with_options(self.game.parse(self.start), self.options)
        todo: list[tuple | dict] = [(self.root, start, [], 0, 0)]
        while todo:
            item = todo.pop()
            if isinstance(item, dict):
                out.append(item)
                continue
            node, state, path, ply, depth = item
            if not node.children:
                continue
            first = node.children[0]
            after: list[tuple | dict] = [self._row(state, first, [*path, 0], ply, depth)]
            for index in range(1, len(node.children)):
                other, here = node.children[index], [*path, index]
                after += [
                    {"open": depth + 1},
                    self._row(state, other, here, ply, depth + 1),
                    (other, self.game.play(state, other.move), here, ply + 1, depth + 1),
                    {"close": depth + 1},
                ]
            after.append((first, self.game.play(state, first.move), [*path, 0], ply + 1, depth))
            todo.extend(reversed(after))
        return out

    def _row(self, state, node: Node, path, ply, depth) -> dict:
        return {
            "display": self.game.display(state, node.move),
            "number": ply // 2 + 1,
            "second": ply % 2 == 1,
            "path": path_text(path),
            "place": path,
            "current": path == self.path,
            "depth": depth,
        }


def said(exc: ValueError) -> str:
    """The rules' words for a refusal, in the reader's language (str(exc) would lose what a
    `said` sentence keeps for its translation)."""
    return translated(exc.args[0]) if exc.args else str(exc)


def _walk(root: Node):
    todo = list(reversed(root.children))
    while todo:
        node = todo.pop()
        yield node
        todo.extend(reversed(node.children))
