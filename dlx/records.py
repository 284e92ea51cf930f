"""Small value classes declared like dataclasses, without :mod:`dataclasses`.

pydlx's statistics, progress reports, positions, registry entries and
settings are plain records: named fields, a constructor, a readable
``repr``, equality, and for the frozen ones a hash and no assignment.
:mod:`dataclasses` builds such classes by compiling each method from
generated source, and importing it brings :mod:`inspect`, :mod:`ast`,
:mod:`dis` and :mod:`tokenize`: together about half of what ``import
dlx`` used to cost (see the performance page, "Start-up").  A
:class:`Record` declares its fields the same way, as annotations with
optional defaults, and gets the same methods, written once here.

* ``class Point(Record)`` is mutable; ``class Point(Record, frozen=True)``
  refuses assignment (:class:`AttributeError`) and is hashable.
* Fields keep their order; a subclass adds its fields after its parent's,
  and a field without a default may not follow one with a default.
* The constructor takes the fields by position or by name and calls
  ``__post_init__()`` if the class has one; it is compiled for the
  class's fields when the class is first called (import pays nothing for
  it).  A class may write its own ``__init__`` (a frozen one sets its
  fields with ``object.__setattr__``).
* :func:`fields`, :func:`replace` and :func:`as_dict` do what their
  namesakes in :mod:`dataclasses` do (:func:`as_dict` is shallow).
* Records pickle and copy by their fields.

Type checkers see the fields and the constructor through
:func:`typing.dataclass_transform`.

>>> class Point(Record, frozen=True):
...     x: int
...     y: int = 0
>>> p = Point(3)
>>> p, p == Point(3, 0), replace(p, y=4), as_dict(p)
(Point(x=3, y=0), True, Point(x=3, y=4), {'x': 3, 'y': 0})
>>> p.x = 5
Traceback (most recent call last):
    ...
AttributeError: cannot assign to field 'x' of a frozen Point
"""

from __future__ import annotations

__all__ = ["Record", "RecordType", "as_dict", "fields", "replace"]

# typing.TYPE_CHECKING, without importing typing (start-up, issue 46).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, TypeVar, dataclass_transform

    _R = TypeVar("_R", bound="Record")
else:

    def dataclass_transform(**kwargs: object) -> object:
        """:func:`typing.dataclass_transform`'s mark, without importing :mod:`typing`."""

        def mark(cls: type) -> type:
            cls.__dataclass_transform__ = {  # type: ignore[attr-defined]
                "eq_default": False,
                "order_default": False,
                "kw_only_default": False,
                "field_specifiers": (),
                **kwargs,
                "kwargs": {},
            }
            return cls

        return mark


def _lazy_init(self: Any, *args: Any, **kwargs: Any) -> None:
    """A record class's constructor until its first call, which writes the real one.

    Writing it for the fields (as :mod:`dataclasses` does, straight-line
    assignments) costs a compilation, about 0.1 ms: paid by the classes a
    run makes objects of, when it first does, rather than by every class
    at import.  Python then checks the arguments itself.
    """
    owner = next(
        c for c in type(self).__mro__ if c.__dict__.get("__init__") is _lazy_init
    )
    init = _written_init(owner)
    type.__setattr__(owner, "__init__", init)
    init(self, *args, **kwargs)


def _written_init(cls: Any) -> Any:
    """The ``__init__`` of record class ``cls``, compiled for its fields."""
    fields: tuple[str, ...] = cls._fields
    defaults: dict[str, Any] = cls._defaults
    scope: dict[str, Any] = {"_put": object.__setattr__}
    parameters = []
    for field in fields:
        if field in defaults:
            scope[f"_default_{field}"] = defaults[field]
            parameters.append(f"{field}=_default_{field}")
        else:
            parameters.append(field)
    if cls._frozen:
        body = [f"    _put(self, {field!r}, {field})" for field in fields]
    else:
        body = [f"    self.{field} = {field}" for field in fields]
    if hasattr(cls, "__post_init__"):
        body.append("    self.__post_init__()")
    source = f"def __init__(self, {', '.join(parameters)}):\n" + "\n".join(
        body or ["    pass"]
    )
    exec(source, scope)
    init = scope["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    init._fields = fields  # marks it as written here (see __signature__)
    return init


@dataclass_transform(eq_default=True)
class RecordType(type):
    """The metaclass of :class:`Record`: turns annotations into slots.

    It takes the class keyword ``frozen`` (default false), removes each
    field's default from the class body (a slot cannot have one), and
    keeps the fields and defaults for the shared methods.

    >>> class Pair(Record):
    ...     a: int
    ...     b: int = 2
    >>> fields(Pair), Pair(1)
    (('a', 'b'), Pair(a=1, b=2))
    """

    _fields: tuple[str, ...]
    _defaults: dict[str, Any]
    _types: dict[str, Any]
    _frozen: bool

    def __new__(
        mcs,
        name: str,
        bases: tuple[type, ...],
        namespace: dict[str, Any],
        frozen: bool = False,
    ) -> RecordType:
        annotations = namespace.get("__annotations__", {})
        own = tuple(n for n, kind in annotations.items() if "ClassVar" not in str(kind))
        defaults: dict[str, Any] = {}
        for field in own:
            if field in namespace:
                defaults[field] = namespace.pop(field)
        namespace["__slots__"] = own
        # Each record class without an __init__ of its own gets one, written
        # for its fields when it is first called (see _lazy_init).
        namespace.setdefault("__init__", _lazy_init)
        cls = super().__new__(mcs, name, bases, namespace)
        inherited: tuple[str, ...] = ()
        inherited_defaults: dict[str, Any] = {}
        inherited_types: dict[str, Any] = {}
        parent_frozen = None
        for base in reversed(cls.__mro__[1:]):
            if isinstance(base, RecordType) and base._fields:
                inherited = base._fields
                inherited_defaults = base._defaults
                inherited_types = base._types
                parent_frozen = base._frozen
        if parent_frozen is not None and parent_frozen != frozen:
            raise TypeError(
                f"{name}: a {'frozen' if frozen else 'mutable'} record cannot "
                f"derive from a {'frozen' if parent_frozen else 'mutable'} one"
            )
        cls._fields = inherited + own
        type.__setattr__(cls, "__match_args__", cls._fields)  # match statements
        cls._defaults = {**inherited_defaults, **defaults}
        cls._types = {**inherited_types, **{field: annotations[field] for field in own}}
        cls._frozen = frozen
        seen_default = False
        for field in cls._fields:
            if field in cls._defaults:
                seen_default = True
            elif seen_default:
                raise TypeError(
                    f"{name}: field {field!r} without a default follows one with a default"
                )
        if "__hash__" not in namespace:
            cls.__hash__ = _frozen_hash if frozen else None  # type: ignore[assignment]
        if frozen:
            cls.__setattr__ = _refuse_assignment  # type: ignore[assignment]
            cls.__delattr__ = _refuse_deletion  # type: ignore[assignment]
        return cls

    @property
    def __signature__(cls) -> Any:
        """The constructor's signature, for :func:`inspect.signature` and the docs."""
        import inspect

        init = cls.__dict__.get("__init__")
        if init is not None and init is not _lazy_init and not hasattr(init, "_fields"):
            written = inspect.signature(init)
            return written.replace(parameters=list(written.parameters.values())[1:])
        return inspect.Signature(
            [
                inspect.Parameter(
                    field,
                    inspect.Parameter.POSITIONAL_OR_KEYWORD,
                    default=cls._defaults.get(field, inspect.Parameter.empty),
                    annotation=cls._types[field],
                )
                for field in cls._fields
            ]
        )


class Record(metaclass=RecordType):
    """The base of a record class; see the module's description.

    >>> class Count(Record):
    ...     n: int = 0
    >>> c = Count()
    >>> c.n += 1
    >>> c
    Count(n=1)
    """

    def __repr__(self) -> str:
        shown = ", ".join(
            f"{name}={getattr(self, name)!r}" for name in type(self)._fields
        )
        return f"{type(self).__qualname__}({shown})"

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        # As tuples, as dataclasses compare: a field that is the same
        # object in both (a NaN) is equal.
        names = type(self)._fields
        return tuple(getattr(self, name) for name in names) == tuple(
            getattr(other, name) for name in names
        )

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), tuple(getattr(self, name) for name in type(self)._fields))


def _frozen_hash(self: Record) -> int:
    """A frozen record's ``__hash__``: that of its fields' values, in order."""
    return hash(tuple(getattr(self, name) for name in type(self)._fields))


def _refuse_assignment(self: Record, name: str, value: Any) -> None:
    """A frozen record's ``__setattr__``."""
    raise AttributeError(
        f"cannot assign to field {name!r} of a frozen {type(self).__name__}"
    )


def _refuse_deletion(self: Record, name: str) -> None:
    """A frozen record's ``__delattr__``."""
    raise AttributeError(
        f"cannot delete field {name!r} of a frozen {type(self).__name__}"
    )


def fields(record: Record | type[Record]) -> tuple[str, ...]:
    """The names of a record's (or record class's) fields, in order.

    >>> from dlx import Stats
    >>> fields(Stats)
    ('nodes', 'updates', 'cleansings', 'solutions')
    """
    cls = record if isinstance(record, type) else type(record)
    return cls._fields


def replace(record: _R, **changes: Any) -> _R:
    """A copy of ``record`` with the given fields changed.

    :raises TypeError: a name in ``changes`` is not a field.

    >>> from dlx import Stats
    >>> replace(Stats(nodes=3), solutions=1)
    Stats(nodes=3, updates=0, cleansings=0, solutions=1)
    """
    values = {name: getattr(record, name) for name in type(record)._fields}
    values.update(changes)
    return type(record)(**values)


def as_dict(record: Record) -> dict[str, Any]:
    """A record's fields and values as a new dict, in field order (shallow).

    >>> from dlx import Stats
    >>> as_dict(Stats(nodes=3))
    {'nodes': 3, 'updates': 0, 'cleansings': 0, 'solutions': 0}
    """
    return {name: getattr(record, name) for name in type(record)._fields}
