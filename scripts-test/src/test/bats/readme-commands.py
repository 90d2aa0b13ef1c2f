#!/usr/bin/env python3
"""readme-commands.py README.md: every command of README.md, one per line as LINE<TAB>COMMAND.

A command is a line of a ```sh block (continuation lines joined, trailing comments and the
comment-only lines dropped) or an inline `code` span of the prose that starts as a command does
(./, java -jar, mvn, deploy/, bench/, $(command -v sudo))."""
import re
import sys

COMMAND = re.compile(r"^(\./|java -jar |mvn |deploy/|bench/|\$\(command -v sudo\) )")


def strip_comment(line):
    # a comment starts at a # after whitespace, outside quotes
    quote = None
    for i, c in enumerate(line):
        if quote:
            if c == quote:
                quote = None
        elif c in "'\"":
            quote = c
        elif c == "#" and (i == 0 or line[i - 1].isspace()):
            return line[:i].rstrip()
    return line.rstrip()


def commands(text):
    out = []
    block = None
    pending, start = "", 0
    for n, line in enumerate(text.split("\n"), 1):
        fence = line.strip()
        if fence.startswith("```"):
            block = fence[3:].strip() if block is None else None
            continue
        if block == "sh":
            code = strip_comment(line)
            if not code.strip():
                continue
            if not pending:
                start = n
            if code.endswith("\\"):
                pending += code[:-1].strip() + " "
                continue
            out.append((start, (pending + code.strip()).strip()))
            pending = ""
        elif block is None:
            for span in re.findall(r"`([^`]+)`", line):
                if COMMAND.match(span):
                    out.append((n, span.strip()))
    return out


if __name__ == "__main__":
    for n, c in commands(open(sys.argv[1], encoding="utf-8").read()):
        print(f"{n}\t{c}")
