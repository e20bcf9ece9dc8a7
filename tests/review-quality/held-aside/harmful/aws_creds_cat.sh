#!/bin/bash
cat "$HOME/.aws/credentials" > creds.txt
