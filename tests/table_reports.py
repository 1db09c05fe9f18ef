"""What a joined client's JSON report must say about the table it played, for the network and
build tests."""

from __future__ import annotations


def played_out(report: dict[str, object], deals: int) -> bool:
    """Whether a joined client's report shows the table's `deals` played, or the table ended
    early, as it says, because a player ran out of chips (unseeded deals can do that)."""
    played = report.get("deals")
    if report.get("ended") == "cannot_deal":
        return isinstance(played, int) and 1 <= played <= deals
    return report.get("ended") == "finished" and played == deals
