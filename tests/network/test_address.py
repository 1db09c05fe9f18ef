"""A table's address as a person types it: HOST:PORT on a local network or a VPN, [IPv6]:PORT,
or ws:// and wss:// for a table behind a TLS reverse proxy; anything else is one sentence."""

from __future__ import annotations

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from game.network.address import AddressError, TableAddress


@pytest.mark.parametrize(
    ("typed", "uri", "shown"),
    [
        ("192.168.1.20:8765", "ws://192.168.1.20:8765", "192.168.1.20:8765"),
        ("  table.local:9000 ", "ws://table.local:9000", "table.local:9000"),
        ("[::1]:8765", "ws://[::1]:8765", "[::1]:8765"),
        ("[fe80::1]:80", "ws://[fe80::1]:80", "[fe80::1]:80"),
        ("wss://trey.example.org", "wss://trey.example.org/", "wss://trey.example.org"),
        ("WSS://trey.example.org/", "wss://trey.example.org/", "wss://trey.example.org"),
        ("wss://trey.example.org:8443/t/1", "wss://trey.example.org:8443/t/1", None),
        ("ws://100.64.0.7:8765", "ws://100.64.0.7:8765/", "ws://100.64.0.7:8765"),
        ("wss://[2001:db8::2]/trey", "wss://[2001:db8::2]/trey", "wss://[2001:db8::2]/trey"),
    ],
)
def test_an_address_is_read_as_typed(typed: str, uri: str, shown: str | None) -> None:
    address = TableAddress.read(typed)
    assert address.uri == uri
    assert str(address) == (shown if shown is not None else uri)
    assert address.secure == uri.startswith("wss://")


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("", "is not an address"),
        ("192.168.1.20", "HOST:PORT"),
        ("table:0", "HOST:PORT"),
        ("table:65536", "HOST:PORT"),
        ("table:port", "HOST:PORT"),
        ("table:²", "HOST:PORT"),  # a digit to str.isdigit, not to int()
        ("table:" + "0" * 5000 + "1", "HOST:PORT"),  # more digits than int() reads
        (":8765", "HOST:PORT"),
        ("::1:8765", "in brackets"),
        ("http://trey.example.org", "ws:// or wss://"),
        ("wss://", "wss://NAME"),
        ("wss://trey.example.org/?code=ABCDEF", "wss://NAME"),
        ("wss://someone@trey.example.org", "wss://NAME"),
        ("wss://trey.example.org:99999", "is not an address"),
    ],
)
def test_anything_else_is_refused_with_a_sentence(typed: str, said: str) -> None:
    with pytest.raises(AddressError) as refusal:
        TableAddress.read(typed)
    assert said in str(refusal.value)


def test_a_listening_port_makes_a_plain_address() -> None:
    assert TableAddress.at("127.0.0.1", 8765).uri == "ws://127.0.0.1:8765"
    assert TableAddress.at("::1", 8765).uri == "ws://[::1]:8765"
    with pytest.raises(AddressError):
        TableAddress.at("127.0.0.1", 0)


@given(st.text(max_size=80))
@example("0:²")  # found by this test in CI: it raised ValueError
def test_any_text_is_an_address_or_one_sentence(typed: str) -> None:
    try:
        address = TableAddress.read(typed)
    except AddressError as refusal:
        assert str(refusal) and "\n" not in str(refusal).strip()
    else:
        assert address.uri.startswith(("ws://", "wss://"))
