"""editloc: make AI code edits land.

An agent sends ``old`` text and ``new`` text; editloc finds the one place in the file that
``old`` denotes, even when the file differs from what the model remembers (CRLF, tabs,
trailing spaces, typographic characters, comments, a formatter's reflow), writes ``new``
there keeping the file's own formatting, and when it cannot be sure it raises an exception
whose ``.report`` says why and where the nearest candidate is.

>>> import editloc
>>> doc = editloc.Document("def f():\\r\\n\\treturn 1\\r\\n", language="python")
>>> doc.apply("    return 1", "    return 2").content
'def f():\\r\\n\\treturn 2\\r\\n'
"""

from ._editloc import Document, __version__, apply_file, apply_patch, built_languages
from ._errors import (
    AlreadyApplied,
    Ambiguous,
    EditlocError,
    FileError,
    FileExists,
    FileNotFound,
    InputError,
    PermissionDenied,
    NotFound,
    Refused,
    Retryable,
)
from ._records import Applied, Match, PatchResult, Record, Report

__all__ = [
    "Document",
    "apply_file",
    "apply_patch",
    "built_languages",
    "__version__",
    "EditlocError",
    "NotFound",
    "Ambiguous",
    "AlreadyApplied",
    "Refused",
    "Retryable",
    "InputError",
    "FileError",
    "FileNotFound",
    "PermissionDenied",
    "FileExists",
    "Record",
    "Match",
    "Applied",
    "PatchResult",
    "Report",
]
