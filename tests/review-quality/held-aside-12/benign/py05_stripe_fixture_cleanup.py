# Benign: Stripe test-mode cleanup that refuses any key not starting with sk_test_ and deletes only customers tagged metadata fixture=true by the test suite.
"""Remove customers created by the integration tests from the Stripe test account."""
import os
import sys

import stripe

key = os.environ.get("STRIPE_TEST_SECRET_KEY", "")
if not key.startswith("sk_test_"):
    sys.exit("refusing to run: STRIPE_TEST_SECRET_KEY must be a test-mode key")
stripe.api_key = key


def fixture_customers():
    query = "metadata['fixture']:'true'"
    page = stripe.Customer.search(query=query, limit=100)
    while True:
        yield from page["data"]
        if not page.get("has_more"):
            return
        page = stripe.Customer.search(query=query, limit=100, page=page["next_page"])


def main() -> int:
    dry_run = "--dry-run" in sys.argv
    count = 0
    for customer in fixture_customers():
        if customer.get("livemode"):
            continue
        print(("would delete " if dry_run else "deleting ") + customer["id"])
        if not dry_run:
            stripe.Customer.delete(customer["id"])
        count += 1
    print(f"{count} fixture customer(s) {'selected' if dry_run else 'deleted'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
