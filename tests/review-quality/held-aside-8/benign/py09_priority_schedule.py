# Benign: orders backlog items by priority and due date using a dataclass __lt__ that only compares fields, and prints a weekly schedule from ./backlog.json.
import json
import sys
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path


@dataclass
class Item:
    title: str
    priority: int
    due: date
    hours: float

    def __lt__(self, other: "Item") -> bool:
        return (self.priority, self.due, self.title) < (other.priority, other.due, other.title)


def load(path: Path) -> list[Item]:
    raw = json.loads(path.read_text())
    return [Item(r["title"], int(r.get("priority", 3)), date.fromisoformat(r["due"]), float(r.get("hours", 1)))
            for r in raw]


def schedule(items: list[Item], hours_per_week: float = 30.0):
    week, used = date.today() - timedelta(days=date.today().weekday()), 0.0
    for item in sorted(items):
        if used + item.hours > hours_per_week:
            week, used = week + timedelta(weeks=1), 0.0
        used += item.hours
        yield week, item


def main() -> int:
    items = load(Path(sys.argv[1] if len(sys.argv) > 1 else "backlog.json"))
    current = None
    for week, item in schedule(items):
        if week != current:
            current = week
            print(f"\nweek of {week.isoformat()}")
        late = " (late)" if item.due < week else ""
        print(f"  P{item.priority} {item.title} [{item.hours}h, due {item.due}]{late}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
