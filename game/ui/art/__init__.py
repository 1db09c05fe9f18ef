"""The art room: cards, chips, felt, portraits and the icon drawn in code, the fonts and the
synthesised sounds."""
