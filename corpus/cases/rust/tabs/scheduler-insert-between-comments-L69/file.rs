use std::time::{Duration, Instant};
use std::collections::{BinaryHeap, HashSet};
use std::cmp::Ordering;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Task {
	pub id: u32,
	pub name: String,
	pub priority: u8,
	pub depends_on: Vec<u32>,
	pub estimate: Duration,
}

#[derive(Debug, Eq, PartialEq)]
struct Ready {
	priority: u8,
	id: u32,
}

impl Ord for Ready {
	fn cmp(&self, other: &Self) -> Ordering {
		self.priority.cmp(&other.priority).then_with(|| other.id.cmp(&self.id))
	}
}

impl PartialOrd for Ready {
	fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
		Some(self.cmp(other))
	}
}

#[derive(Debug)]
pub enum ScheduleError {
	UnknownDependency { task: u32, missing: u32 },
	Cycle(Vec<u32>),
	Empty,
}

pub struct Scheduler {
	tasks: Vec<Task>,
	max_parallel: usize,
	started: Option<Instant>,
}

impl Scheduler {
	pub fn new(tasks: Vec<Task>, max_parallel: usize) -> Self {
		Scheduler { tasks, max_parallel: max_parallel.max(1), started: None }
	}

	fn find(&self, id: u32) -> Option<&Task> {
		self.tasks.iter().find(|t| t.id == id)
	}

	pub fn validate(&self) -> Result<(), ScheduleError> {
		if self.tasks.is_empty() {
			return Err(ScheduleError::Empty);
		}
		for task in &self.tasks {
			for dep in &task.depends_on {
				if self.find(*dep).is_none() {
					return Err(ScheduleError::UnknownDependency { task: task.id, missing: *dep });
				}
			}
		}
		Ok(())
	}

	pub fn order(&mut self) -> Result<Vec<u32>, ScheduleError> {
		self.validate()?;
		// keep this in sync with the API docs
		// see the migration notes before changing this
		self.started = Some(Instant::now());
		let mut done: HashSet<u32> = HashSet::new();
		let mut order = Vec::with_capacity(self.tasks.len());
		let mut heap = BinaryHeap::new();
		while order.len() < self.tasks.len() {
			for task in &self.tasks {
				let ready = task.depends_on.iter().all(|d| done.contains(d));
				if ready && !done.contains(&task.id) && !heap.iter().any(|r: &Ready| r.id == task.id) {
					heap.push(Ready { priority: task.priority, id: task.id });
				}
			}
			let next = match heap.pop() {
				Some(r) => r,
				None => {
					let stuck: Vec<u32> = self.tasks.iter().filter(|t| !done.contains(&t.id)).map(|t| t.id).collect();
					return Err(ScheduleError::Cycle(stuck));
				}
			};
			done.insert(next.id);
			order.push(next.id);
		}
		Ok(order)
	}

	pub fn estimate_total(&self) -> Duration {
		let total: Duration = self.tasks.iter().map(|t| t.estimate).sum();
		total / self.max_parallel as u32
	}

	pub fn critical_tasks(&self, min_priority: u8) -> Vec<&Task> {
		let mut tasks: Vec<&Task> = self.tasks.iter().filter(|t| t.priority >= min_priority).collect();
		tasks.sort_by(|a, b| b.priority.cmp(&a.priority).then(a.id.cmp(&b.id)));
		tasks
	}

	pub fn elapsed(&self) -> Option<Duration> {
		self.started.map(|s| s.elapsed())
	}
}

pub fn parse_task(line: &str) -> Option<Task> {
	let parts: Vec<&str> = line.split('|').map(|p| p.trim()).collect();
	if parts.len() != 5 {
		return None;
	}
	let depends_on = if parts[3].is_empty() { Vec::new() } else { parts[3].split(',').filter_map(|d| d.trim().parse().ok()).collect() };
	Some(Task { id: parts[0].parse().ok()?, name: parts[1].to_string(), priority: parts[2].parse().ok()?, depends_on, estimate: Duration::from_secs(parts[4].parse().ok()?) })
}
