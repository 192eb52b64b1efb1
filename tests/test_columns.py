"""The graph file's provenance columns: helpers checked against plain references."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from soulgraph.readwrite import columns

_SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-2, 2),
                     st.sampled_from([0.0, -0.0, 1.0, float("nan")]),
                     st.sampled_from(["", "a", "regex"]), st.just([]), st.just({}))


@settings(max_examples=500, deadline=None)
@given(st.lists(_SCALARS, max_size=6), st.booleans())
def test_constant_looks_at_the_last_value_first_and_answers_as_the_count(vals, same_nan):
    """``_constant`` skips the count when the column's ends differ: the same answer (the value,
    or the list itself) as counting the first value, NaN (one object or two), 0 / 0.0 / False."""
    if same_nan and vals:
        nan = float("nan")
        vals = [nan if isinstance(v, float) and v != v else v for v in vals]
    v0 = vals[0] if vals else None
    want = v0 if vals and type(v0) not in (list, dict) and vals.count(v0) == len(vals) \
        and set(map(type, vals)) == {type(v0)} else vals
    assert columns._constant(vals) is want
