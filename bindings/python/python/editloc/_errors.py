"""The exceptions editloc raises. Every one has ``.code``, the stable snake_case outcome code
(``not_found``, ``ambiguous``, ``indent_inconsistent``, ``file_changed``, ...), and
``.report``, a :class:`editloc.Report` or ``None``. Nothing is ever written when one is
raised.

``EditlocError``
  ├── ``NotFound``        no tier found ``old``; the report names the closest candidate
  ├── ``Ambiguous``       ``old`` fits several places; the report lists them
  ├── ``AlreadyApplied``  ``new`` already stands where ``old`` would be
  ├── ``Refused``         located, but not writable with certainty (or a refused patch)
  ├── ``Retryable``       the file changed meanwhile, or is locked: re-read and retry
  ├── ``InputError``      (also a ``ValueError``) empty ``old``, ``old == new``, binary, ...
  └── ``FileError``       (also an ``OSError``) missing, unreadable or unwritable file

Every exception pickles and unpickles whole (code, message and report), so it can cross a
process pool. A ``FileError`` is a real ``OSError``: ``errno`` and ``strerror`` are set from
its code, and the codes with a built-in class raise a subclass of it too, so ``except
FileNotFoundError`` (``file_not_found``, ``dangling_link``), ``except PermissionError``
(``permission_denied``, ``read_only``) and ``except FileExistsError`` (``exists``) work.
"""

from __future__ import annotations

import errno as _errno
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ._records import Report


class EditlocError(Exception):
    """Base class: ``code`` (str), ``report`` (Report or None), ``message`` (str)."""

    code: str
    report: Report | None
    message: str

    def __init__(self, message: str, code: str, report: Report | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.code = code
        self.report = report

    def __reduce__(self) -> tuple[Any, ...]:
        # Exception's own pickling calls the class with ``args`` (the message only).
        return (type(self), (self.message, self.code, self.report))

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.message!r}, code={self.code!r})"


class NotFound(EditlocError):
    """No tier found ``old`` (``code == "not_found"``)."""


class Ambiguous(EditlocError):
    """``old`` fits several places (``code == "ambiguous"``); ``report.candidates``."""


class AlreadyApplied(EditlocError):
    """``new`` already stands where ``old`` would be (``code == "already_applied"``)."""


class Refused(EditlocError):
    """Located, but the edit cannot be written with certainty (``indent_inconsistent``,
    ``worse_parse``, ``conflict``, ...), or a patch was refused as a whole."""


class Retryable(EditlocError):
    """The file changed on disk while editing, or another writer holds it: re-read, retry."""


class InputError(EditlocError, ValueError):
    """The input cannot be edited at all (``empty_old``, ``no_change``, ``binary``,
    ``bad_arguments``, ``bad_patch``, ``language_not_built``, ...)."""


class FileError(EditlocError, OSError):
    """The file could not be read or written (``file_not_found``, ``permission_denied``,
    ``dangling_link``, ``exists``, ``io``, ...)."""

    def __new__(cls, message: str, code: str, report: Report | None = None) -> FileError:
        # The built-in class the code stands for, when there is one (FileError itself is
        # what the extension raises).
        if cls is FileError:
            cls = _BY_CODE.get(code, FileError)
        return OSError.__new__(cls, message)

    def __init__(self, message: str, code: str, report: Report | None = None) -> None:
        super().__init__(message, code, report)
        self.errno = _ERRNO.get(code, _errno.EIO)
        self.strerror = message
        self.args = (message,)


class FileNotFound(FileError, FileNotFoundError):
    """The file (or what a link leads to) does not exist: ``file_not_found``, ``dangling_link``."""


class PermissionDenied(FileError, PermissionError):
    """The file may not be read or written: ``permission_denied``, ``read_only``."""


class FileExists(FileError, FileExistsError):
    """The file to create already exists: ``exists``."""


_BY_CODE: dict[str, type[FileError]] = {
    "file_not_found": FileNotFound,
    "dangling_link": FileNotFound,
    "permission_denied": PermissionDenied,
    "read_only": PermissionDenied,
    "exists": FileExists,
}

_ERRNO: dict[str, int] = {
    "file_not_found": _errno.ENOENT,
    "dangling_link": _errno.ENOENT,
    "permission_denied": _errno.EACCES,
    "read_only": _errno.EACCES,
    "exists": _errno.EEXIST,
    "not_a_file": _errno.EINVAL,
    "too_large": _errno.EFBIG,
    "outside_root": _errno.EACCES,
}
