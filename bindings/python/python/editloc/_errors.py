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
"""

from __future__ import annotations

from typing import TYPE_CHECKING

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
        # OSError reads two or more arguments as (errno, strerror, ...): give it the message.
        return OSError.__new__(cls, message)
