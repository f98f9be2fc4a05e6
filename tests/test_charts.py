"""Bar charts for the strategy lesson (kowhist_teach.pictures.charts): valid SVG, one bar per
value, bars in proportion, whiskers, labels and a spoken description."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from kowhist_teach.pictures.charts import PALETTE, bar_chart, margin_of_error
from kowhist_teach.pictures.svg import SvgStr

NS = "{http://www.w3.org/2000/svg}"


def bars_of(svg: str) -> list[ET.Element]:
    root = ET.fromstring(svg)
    return [r for r in root.iter(f"{NS}rect") if r.get("class") == "kwc-bar"]


def test_a_chart_is_an_svg_picture_for_notebooks():
    svg = bar_chart({"keeps the ace": 40.0, "plays it at once": 30.0}, title="Won", unit="%")
    assert isinstance(svg, SvgStr)
    assert svg._repr_svg_() == svg
    root = ET.fromstring(svg)  # well-formed XML
    assert root.tag == f"{NS}svg"
    assert root.get("role") == "img"


def test_one_bar_per_value_in_order_with_labels_and_values():
    svg = bar_chart([("a", 10), ("b", 20), ("c", 5)], unit="%")
    texts = [t.text for t in ET.fromstring(svg).iter(f"{NS}text")]
    assert len(bars_of(svg)) == 3
    assert texts.index("a") < texts.index("b") < texts.index("c")
    assert "10.0%" in texts and "20.0%" in texts and "5.0%" in texts


def test_bar_lengths_are_in_proportion():
    svg = bar_chart([("half", 50), ("full", 100), ("quarter", 25)], maximum=100)
    w = [float(b.get("width")) for b in bars_of(svg)]
    assert w[1] == pytest.approx(2 * w[0], rel=0.01)
    assert w[0] == pytest.approx(2 * w[2], rel=0.01)


def test_percentages_default_to_a_scale_of_100():
    svg = bar_chart([("a", 50)], unit="%")
    full = bar_chart([("a", 100)], unit="%")
    assert float(bars_of(svg)[0].get("width")) == pytest.approx(
        float(bars_of(full)[0].get("width")) / 2, rel=0.01
    )


def test_a_whisker_past_100_percent_keeps_the_scale_at_100():
    svg = bar_chart([("sure", 100.0), ("almost", 98.0)], errors=[0.0, 3.0], unit="%")
    plain = bar_chart([("sure", 100.0), ("almost", 98.0)], unit="%")
    assert bars_of(svg)[0].get("width") == bars_of(plain)[0].get("width")
    assert "100%" in svg and "200%" not in svg


def test_other_scales_end_on_a_round_number():
    texts = [t.text for t in ET.fromstring(bar_chart([("a", 1.52)])).iter(f"{NS}text")]
    assert "2.0" in texts  # the last tick: 1.52 rounds up to 2


def test_a_value_over_the_maximum_is_clipped_to_the_plot():
    big = bar_chart([("a", 500)], maximum=100)
    full = bar_chart([("a", 100)], maximum=100)
    assert bars_of(big)[0].get("width") == bars_of(full)[0].get("width")
    assert "500.0" in big


def test_zero_is_a_visible_sliver_not_nothing():
    svg = bar_chart([("none", 0), ("some", 3)])
    assert float(bars_of(svg)[0].get("width")) > 0


def test_whiskers_only_where_errors_are_given():
    svg = bar_chart([("a", 30), ("b", 40)], errors=[5, 0], unit="%")
    assert svg.count('class="kwc-whisker"') == 1
    assert bar_chart([("a", 30)]).count("kwc-whisker") == 0


def test_colours_cycle_through_the_palette():
    svg = bar_chart([(str(i), i + 1) for i in range(len(PALETTE) + 1)])
    fills = [b.get("fill") for b in bars_of(svg)]
    assert fills[: len(PALETTE)] == list(PALETTE)
    assert fills[-1] == PALETTE[0]
    mine = bar_chart([("a", 1), ("b", 2)], colours=["#000000"])
    assert [b.get("fill") for b in bars_of(mine)] == ["#000000", "#000000"]


def test_title_note_and_spoken_description():
    svg = bar_chart({"x": 1.25}, title="Tricks", note="300 games", decimals=2)
    root = ET.fromstring(svg)
    assert root.find(f"{NS}title").text == "Tricks. x: 1.25"
    assert root.get("aria-label") == "Tricks. x: 1.25"
    assert "300 games" in svg


def test_labels_are_escaped():
    svg = bar_chart({"<b>&": 1})
    assert "&lt;b&gt;&amp;" in svg
    ET.fromstring(svg)


@pytest.mark.parametrize(
    "bars, errors, message",
    [
        ([], None, "at least one bar"),
        ([("a", -1)], None, "0 or more"),
        ([("a", float("nan"))], None, "0 or more"),
        ([("a", 1), ("b", 2)], [1], "one per bar"),
    ],
)
def test_bad_input_is_a_clear_error(bars, errors, message):
    with pytest.raises(ValueError, match=message):
        bar_chart(bars, errors=errors)


def test_margin_of_error():
    assert margin_of_error(0, 0) == 0.0
    assert margin_of_error(0, 100) == 0.0
    assert margin_of_error(50, 100) == pytest.approx(9.8, abs=0.01)
    # Four times the games, half the margin.
    assert margin_of_error(200, 400) == pytest.approx(margin_of_error(50, 100) / 2)
