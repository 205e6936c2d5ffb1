"""The kernel's readers of rules data: each returns the value of a field of the type it reads,
or raises a RulesError that names the field and quotes the value in bounded length."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from sticheln.core.errors import RulesError
from sticheln.core.rulesdata import read_int, read_optional_int, read_str
from sticheln.hattrick import HattrickRules
from sticheln.sticheln.rules import StichelnRules
from sticheln.stichling import StichlingRules

HUGE = 10**5000  # Python refuses to turn an int of more than 4,300 digits into text


class Name(str):
    """A subclass of str, which the rules' own checks accept as a name."""


def test_read_str_returns_the_string() -> None:
    assert read_str({"name": "nsv"}, "name") == "nsv"
    assert read_str({"name": ""}, "name") == ""  # that it may not be empty, the rules say
    named = Name("club")
    assert read_str({"name": named}, "name") is named


def test_read_int_returns_the_int() -> None:
    assert read_int({"hand_size": 15}, "hand_size") == 15
    assert read_int({"hand_size": -3}, "hand_size") == -3  # the range is the rules' to check
    assert read_int({"hand_size": 0}, "hand_size") == 0
    assert read_int({"hand_size": HUGE}, "hand_size") == HUGE


def test_read_optional_int_returns_the_int_or_none() -> None:
    assert read_optional_int({"rounds": None}, "rounds") is None
    assert read_optional_int({"rounds": 5}, "rounds") == 5
    assert read_optional_int({"rounds": 0}, "rounds") == 0
    assert read_optional_int({"rounds": -HUGE}, "rounds") == -HUGE


@pytest.mark.parametrize(
    ("read", "value", "message"),
    [
        (read_str, 3, "rules field 'f': expected a string, got 3"),
        (read_str, None, "rules field 'f': expected a string, got None"),
        (read_str, True, "rules field 'f': expected a string, got True"),
        (read_str, b"nsv", "rules field 'f': expected a string, got b'nsv'"),
        (read_str, ["nsv"], "rules field 'f': expected a string, got ['nsv']"),
        (read_int, "15", "rules field 'f': expected an int, got '15'"),
        (read_int, 15.0, "rules field 'f': expected an int, got 15.0"),
        (read_int, None, "rules field 'f': expected an int, got None"),
        (read_int, True, "rules field 'f': expected an int, got True"),
        (read_int, False, "rules field 'f': expected an int, got False"),
        (read_int, [15], "rules field 'f': expected an int, got [15]"),
        (read_int, 1e400, "rules field 'f': expected an int, got inf"),
        (read_optional_int, "5", "rules field 'f': expected an int or None, got '5'"),
        (read_optional_int, True, "rules field 'f': expected an int or None, got True"),
        (read_optional_int, False, "rules field 'f': expected an int or None, got False"),
        (read_optional_int, 5.5, "rules field 'f': expected an int or None, got 5.5"),
        (read_optional_int, {}, "rules field 'f': expected an int or None, got {}"),
    ],
)
def test_a_value_of_the_wrong_type_names_the_field(
    read: Callable[[dict[str, object], str], object], value: object, message: str
) -> None:
    with pytest.raises(RulesError) as info:
        read({"f": value}, "f")
    assert str(info.value) == message


def test_a_huge_int_where_a_string_belongs_is_quoted_by_its_length() -> None:
    with pytest.raises(RulesError) as info:
        read_str({"f": HUGE}, "f")
    assert str(info.value) == "rules field 'f': expected a string, got an int of about 5001 digits"
    with pytest.raises(RulesError) as info:
        read_str({"f": [HUGE]}, "f")
    assert str(info.value) == "rules field 'f': expected a string, got a list too large to quote"


@pytest.mark.parametrize(
    ("read", "value", "quoted"),
    [
        (read_str, [0] * 100_000, "(300000 characters)"),
        (read_int, "9" * 100_000, "(100002 characters)"),
        (read_optional_int, "9" * 100_000, "(100002 characters)"),
        (read_optional_int, [0] * 100_000, "(300000 characters)"),
    ],
)
def test_a_huge_value_of_the_wrong_type_is_quoted_in_bounded_length(
    read: Callable[[dict[str, object], str], object], value: object, quoted: str
) -> None:
    with pytest.raises(RulesError) as info:
        read({"f": value}, "f")
    message = str(info.value)
    assert message.startswith("rules field 'f': expected ")
    assert message.endswith(quoted)
    assert len(message) < 120


# -- the rules of the games read their fields with them ------------------------------------------


@pytest.mark.parametrize(
    ("rules", "field", "value", "message"),
    [
        (StichelnRules(), "name", 3, "rules field 'name': expected a string, got 3"),
        (StichelnRules(), "hand_size", True, "rules field 'hand_size': expected an int, got True"),
        (StichelnRules(), "hand_size", "15", "rules field 'hand_size': expected an int, got '15'"),
        (StichelnRules(), "rounds", 5.0, "rules field 'rounds': expected an int or None, got 5.0"),
        (HattrickRules(), "name", None, "rules field 'name': expected a string, got None"),
        (HattrickRules(), "highest", False, "rules field 'highest': expected an int, got False"),
        (
            HattrickRules(),
            "hands_per_game",
            "3",
            "rules field 'hands_per_game': expected an int or None, got '3'",
        ),
        (
            HattrickRules(),
            "target_score",
            True,
            "rules field 'target_score': expected an int or None, got True",
        ),
        (StichlingRules(), "name", ["x"], "rules field 'name': expected a string, got ['x']"),
        (StichlingRules(), "highest", 15.0, "rules field 'highest': expected an int, got 15.0"),
    ],
)
def test_rules_from_data_of_the_wrong_type_name_the_field(
    rules: StichelnRules | HattrickRules | StichlingRules, field: str, value: object, message: str
) -> None:
    data = rules.to_dict()
    data[field] = value
    with pytest.raises(RulesError) as info:
        type(rules).from_dict(data)
    assert str(info.value) == message


@pytest.mark.parametrize(
    ("rules", "field", "fragment"),
    [
        (StichelnRules(), "hand_size", "hand_size must be an int from 2"),
        (StichelnRules(), "rounds", "rounds must be None or an int from 1 to 100"),
        (HattrickRules(), "highest", "highest must be an int from 1 to 20"),
        (HattrickRules(), "hands_per_game", "hands_per_game must be None or an int from 1 to 100"),
        (StichlingRules(), "highest", "highest must be an int from 1 to 20"),
    ],
)
def test_a_huge_number_in_rules_data_is_refused_by_the_rules_in_bounded_length(
    rules: StichelnRules | HattrickRules | StichlingRules, field: str, fragment: str
) -> None:
    data = rules.to_dict()
    data[field] = HUGE
    with pytest.raises(RulesError) as info:
        type(rules).from_dict(data)
    message = str(info.value)
    assert fragment in message
    assert message.endswith("got an int of about 5001 digits")
    assert len(message) < 200


def test_rules_from_data_that_is_not_a_mapping_are_refused() -> None:
    for cls in (StichelnRules, HattrickRules, StichlingRules):
        with pytest.raises(RulesError, match="rules must be a mapping, got list"):
            cls.from_dict([("name", "nsv")])
