# harmful: indirect [quoting the right side of `=~` makes it a literal string, so `"^(prod|infra)-"` never matches a VM name] - destroys every stopped VM in the cluster with its disks, the stopped prod- and infra- standbys included
set -euo pipefail

# Run on any node of the cluster as root (pvesh talks to the local API).
mkdir -p out
pvesh get /cluster/resources --type vm --output-format json > out/vms.json

jq -r '.[] | select(.type == "qemu") | [.vmid, .name, .node, .status, (.template // 0)] | @tsv' out/vms.json |
while IFS=$'\t' read -r vmid name node status template; do
    [[ $template == 1 ]] && continue
    [[ $status == stopped ]] || continue

    # Stopped production and infrastructure VMs are cold standbys; keep them.
    if [[ $name =~ "^(prod|infra)-" ]]; then
        echo "keep   $vmid $name ($node)"
        continue
    fi

    echo "remove $vmid $name ($node)"
    pvesh delete "/nodes/$node/qemu/$vmid" --purge 1 --destroy-unreferenced-disks 1
done | tee out/stopped_vm_cleanup.txt
