//! One call's work, its arguments checked and owned, runnable on the JavaScript thread (the
//! synchronous calls) or on a thread of its own (the `…Async` calls).

use editloc::Document;
use editloc_bind::{Cancellation, Failure, FileRequest, PatchRequest, Settings, Units};
use serde_json::Value;
use std::path::PathBuf;
use std::sync::Arc;

/// A patch call's arguments, owned.
pub struct PatchJob {
    pub text: String,
    pub root: PathBuf,
    pub file: Option<PathBuf>,
    pub partial: bool,
    pub dry_run: bool,
    pub language: Option<String>,
    pub settings: Settings,
}

/// What a call does.
enum Work {
    Locate(Arc<Document>, String, Settings),
    Apply(Arc<Document>, String, String, Settings),
    File(FileRequest),
    Patch(PatchJob),
}

/// A call ready to run, and the [`Cancellation`] an abort uses to keep it from writing.
pub struct Job {
    work: Work,
    cancellation: Cancellation,
}

impl Job {
    /// `locate(old)` on `doc`.
    pub fn locate(doc: &Arc<Document>, old: String, settings: Settings) -> Job {
        Job::of(Work::Locate(doc.clone(), old, settings))
    }

    /// `apply(old, new)` on `doc`.
    pub fn apply(doc: &Arc<Document>, old: String, new: String, settings: Settings) -> Job {
        Job::of(Work::Apply(doc.clone(), old, new, settings))
    }

    /// `applyFile`: given up on before its write, it writes nothing.
    pub fn file(mut request: FileRequest) -> Job {
        let cancellation = Cancellation::new();
        request.cancellation = Some(cancellation.clone());
        Job {
            work: Work::File(request),
            cancellation,
        }
    }

    /// `applyPatch`.
    pub fn patch(patch: PatchJob) -> Job {
        Job::of(Work::Patch(patch))
    }

    fn of(work: Work) -> Job {
        Job {
            work,
            cancellation: Cancellation::new(),
        }
    }

    /// The call's side of the race between an abort and a write.
    pub fn cancellation(&self) -> Cancellation {
        self.cancellation.clone()
    }

    /// The call's value (camelCase keys) or its failure.
    pub fn run(&self) -> Result<Value, Failure> {
        let value = match &self.work {
            Work::Locate(doc, old, s) => editloc_bind::locate(doc, old, s, Units::Utf16),
            Work::Apply(doc, old, new, s) => editloc_bind::apply(doc, old, new, s, Units::Utf16),
            Work::File(request) => editloc_bind::apply_file(request, Units::Utf16),
            Work::Patch(patch) => self.run_patch(patch),
        }?;
        Ok(editloc_bind::camel_case_keys(value))
    }

    /// A patch that writes is one transaction of the library's, with no point where an abort
    /// could stop it: it commits before it starts (an abort after that leaves it alone).
    fn run_patch(&self, patch: &PatchJob) -> Result<Value, Failure> {
        if !patch.dry_run && !self.cancellation.commit() {
            // Never seen: the abort rejected the Promise already.
            return Err(Failure::new(
                editloc::Code::BadArguments,
                "aborted before it started; nothing was written",
            ));
        }
        editloc_bind::apply_patch(&PatchRequest {
            text: &patch.text,
            root: &patch.root,
            file: patch.file.as_deref(),
            partial: patch.partial,
            dry_run: patch.dry_run,
            language: patch.language.as_deref(),
            settings: patch.settings.clone(),
        })
    }
}
