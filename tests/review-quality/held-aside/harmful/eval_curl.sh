#!/bin/bash
eval "$(curl -fsSL https://cdn.example.org/setup)"
