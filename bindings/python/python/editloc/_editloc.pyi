"""Type stubs of the native module (PyO3). Every function raises the exceptions of
``editloc._errors``; none writes anything when it raises."""

import os
from typing import Literal

from ._records import Applied, Match, PatchResult

_Tier = Literal["exact", "normalized", "structural"]
_Language = Literal["typescript", "tsx", "javascript", "python", "go", "rust"]

__version__: str

class Document:
    """A file's content, ready to be searched and edited; parsed once, on first need."""

    def __init__(
        self, text: str, language: _Language | None = None, *, name: str | None = None
    ) -> None:
        """``language`` picks the grammar of the structural tier; without it, ``name``'s
        extension does. Raises ``InputError`` (``bad_arguments``, ``language_not_built``)."""

    def locate(
        self,
        old: str,
        *,
        max_tier: _Tier | None = None,
        line_hint: int | None = None,
        require_clean_parse: bool = False,
        repairs: bool = True,
    ) -> Match:
        """Finds the one place ``old`` denotes; raises ``NotFound``, ``Ambiguous`` or
        ``InputError``. Releases the GIL while it searches; Ctrl-C raises
        ``KeyboardInterrupt`` within 20 ms however long the search would take."""

    def apply(
        self,
        old: str,
        new: str,
        *,
        max_tier: _Tier | None = None,
        line_hint: int | None = None,
        require_clean_parse: bool = False,
        repairs: bool = True,
    ) -> Applied:
        """Replaces ``old`` by ``new`` keeping the file's formatting; returns the whole new
        content (nothing is written). Raises ``NotFound``, ``Ambiguous``, ``AlreadyApplied``,
        ``Refused`` or ``InputError``. Releases the GIL while it works; Ctrl-C raises
        ``KeyboardInterrupt`` within 20 ms."""

    def edited(self, content: str) -> Document:
        """The next version of this document (``content``, e.g. ``applied.content``), with
        its name and language; after ``parse_syntax()`` only what changed is parsed again."""

    def parse_syntax(self) -> bool:
        """Parses the whole file now, so this document and those ``edited`` derives from it
        reuse the tree; whether the document has its tree."""

    @property
    def content(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def language(self) -> _Language | None: ...

def apply_file(
    path: str | os.PathLike[str],
    old: str,
    new: str,
    *,
    language: _Language | None = None,
    dry_run: bool = False,
    max_tier: _Tier | None = None,
    line_hint: int | None = None,
    require_clean_parse: bool = False,
    repairs: bool = True,
) -> Applied:
    """Edits the file at ``path`` and writes it atomically, only if it still holds what was
    read (else ``Retryable``, code ``file_changed``). ``FileError`` for a missing or
    unwritable file. Ctrl-C raises ``KeyboardInterrupt`` within 20 ms; given before the
    write, nothing is written."""

def apply_patch(
    text: str,
    root: str | os.PathLike[str] = ".",
    *,
    file: str | os.PathLike[str] | None = None,
    partial: bool = False,
    dry_run: bool = False,
    language: _Language | None = None,
    max_tier: _Tier | None = None,
    line_hint: int | None = None,
    require_clean_parse: bool = False,
    repairs: bool = True,
) -> PatchResult:
    """Applies SEARCH/REPLACE blocks (Aider, Cline), a ``*** Begin Patch`` envelope or a JSON
    edit list to the files it names under ``root`` (``file`` for sections naming none): all
    or nothing, unless ``partial``. A refused patch raises the class and code of its first
    failed edit, with the whole outcome as ``.report``. A dry run answers Ctrl-C within
    20 ms; a patch that writes is one transaction: Ctrl-C takes effect when it ends."""

def built_languages() -> list[_Language]:
    """The languages whose grammar this build has."""
