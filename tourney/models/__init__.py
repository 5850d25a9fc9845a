"""SQLModel tables. Importing this package registers every table on the metadata."""
from .catalog import CardRow, EditionRow, FormatRow  # noqa: F401

try:  # event tables arrive with the web issue; keep the import optional while it is built
    from . import events  # noqa: F401
except ImportError:  # pragma: no cover
    pass
from . import adjudication  # noqa: F401,E402
from . import pools  # noqa: F401,E402
from . import history  # noqa: F401,E402
from . import leagues  # noqa: F401,E402
from . import play  # noqa: F401,E402
from . import staff  # noqa: F401,E402
