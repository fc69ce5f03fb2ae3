"""Botzone's Chinese Standard Mahjong protocol (wiki.botzone.org.cn, "Chinese-Standard-Mahjong"):
its tile notation, the bridge that lets a Botzone program play a paiju seat, and the program that
lets paiju's AI play on Botzone."""
