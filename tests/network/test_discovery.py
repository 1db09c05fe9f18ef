"""Finding tables on the local network: a table advertised with zeroconf is found by a browse,
with its name, port, game and free seats (never its room code). Skipped, with the reason, where
multicast does not reach between two sockets of this machine."""

from __future__ import annotations

import pytest

from game.network.discovery import SERVICE_TYPE, Advertiser, browse, local_addresses
from game.network.protocol import PROTOCOL_VERSION


def test_an_advertised_table_is_found() -> None:
    addresses = local_addresses()
    if not addresses:
        pytest.skip("this machine has no network address but the loopback one, so no multicast")
    try:
        advertiser = Advertiser("Ann's table", 45678, "brag", 2, addresses=addresses[:1])
    except OSError as error:
        pytest.skip(f"multicast sockets cannot be opened here ({error})")
    try:
        found = [table for table in browse(2.5, interfaces=addresses[:1]) if table.port == 45678]
        if not found:
            pytest.skip("multicast does not reach between two sockets on this machine")
        table = found[0]
        assert table.name == "Ann's table" and table.preset == "brag"
        assert table.free_seats == 2 and table.protocol == PROTOCOL_VERSION and table.joinable
        assert table.address == addresses[0]
        assert "code" not in advertiser.info.decoded_properties
        advertiser.update(0)
        assert advertiser.info.decoded_properties["free"] == "0"
    finally:
        advertiser.close()
    assert SERVICE_TYPE == "_trey._tcp.local."
