#!/bin/sh
# Finds no variant interesting.
exit 0
