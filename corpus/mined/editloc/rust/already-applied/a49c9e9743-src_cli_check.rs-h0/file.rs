//! `editloc check FILE --old OLD`: locate only, read without a lock, write nothing.

use super::args::CheckArgs;
use super::input::Source;
use super::output::{Message, emit};

/// Runs `check` and returns its exit status.
pub fn run(args: CheckArgs) -> u8 {
    let json = args.common.json;
    let doc = match fs::read_document_with(&args.file, &args.common.file_options()) {
        Ok(doc) => doc,
        Err(e) => return emit(&Message::problem(e.code(), e.to_string()), json),
    };
    let old = Source::of(args.old, args.old_text).expect("clap requires --old or --old-text");
    let old = match old.read("old") {
        Ok(old) => old,
        Err(problem) => return emit(&Message::from(problem), json),
    };
    match doc.locate_with(&old, &args.common.options()) {
        Ok(m) => emit(&Message::Found(&m), json),
        Err(e) => emit(&Message::failure(&e, None), json),
    }
}
