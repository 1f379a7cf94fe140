//! The `…Async` calls: each runs on a thread of its own (not on libuv's pool, whose four
//! threads serve Node's file reads: eight slow edits there delayed `fs.promises.readFile` by
//! seconds) and settles its Promise on the JavaScript thread; an `AbortSignal` rejects it at
//! once.
//!
//! The library has no point inside a search where it could stop, so an aborted call runs to
//! its end on its thread and its result is dropped; what abort guarantees is about the file:
//! `applyFileAsync` aborted before its write writes nothing (see
//! [`editloc_bind::Cancellation`]). A patch that writes is one transaction of the library's:
//! once started, an abort no longer stops it and its Promise settles with what it did.
//! Results, and errors' `report`s, are frozen all the way down ([`Frozen`]).

use crate::job::Job;
use crate::js_error;
use editloc_bind::{Cancellation, Failure};
use napi::bindgen_prelude::{
    FnArgs, Function, JsObjectValue, Object, ObjectRef, ToNapiValue, Unknown,
};
use napi::{Env, JsDeferred, JsValue, Status, sys};
use serde_json::Value;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

/// A result as JavaScript receives it: the value, every object and array in it frozen.
pub struct Frozen(pub Value);

impl ToNapiValue for Frozen {
    unsafe fn to_napi_value(raw_env: sys::napi_env, frozen: Self) -> napi::Result<sys::napi_value> {
        let env = Env::from_raw(raw_env);
        let value = env.to_js_value(&frozen.0)?;
        freeze_like(&frozen.0, value)?;
        Ok(value.value().value)
    }
}

/// Freezes `js`, the JavaScript copy of `value`, and every object and array in it.
pub fn freeze_like(value: &Value, js: Unknown<'_>) -> napi::Result<()> {
    // SAFETY: `js` was made from `value`: an object or array where `value` is one.
    let mut object = match value {
        Value::Object(_) | Value::Array(_) => unsafe { js.cast::<Object>() }?,
        _ => return Ok(()),
    };
    match value {
        Value::Object(map) => {
            for (key, item) in map {
                freeze_like(item, object.get_named_property::<Unknown>(key)?)?;
            }
        }
        Value::Array(items) => {
            for (index, item) in (0u32..).zip(items) {
                freeze_like(item, object.get_element::<Unknown>(index)?)?;
            }
        }
        _ => {}
    }
    object.freeze()
}

/// What settles a Promise on the JavaScript thread.
type Settle = Box<dyn FnOnce(Env) -> napi::Result<Frozen> + Send>;

/// One running `…Async` call, shared by its thread and its abort listener.
struct Call {
    cancellation: Cancellation,
    /// Taken by whichever settles the Promise first: the thread or an abort.
    deferred: Mutex<Option<JsDeferred<Frozen, Settle>>>,
    /// `{ signal, listener }` while a listener waits on the caller's signal.
    listening: Mutex<Option<ObjectRef<false>>>,
}

/// The lock's value even if a thread panicked holding it (each slot is taken whole).
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Starts `job` (or rejects with its failure) and returns the Promise of its result.
pub fn start<'env>(
    env: &'env Env,
    prepared: Result<(Job, Option<Object<'env>>), Failure>,
) -> napi::Result<Object<'env>> {
    let (deferred, promise) = env.create_deferred::<Frozen, Settle>()?;
    let (job, signal) = match prepared {
        Ok(prepared) => prepared,
        Err(failure) => {
            deferred.reject(js_error(env, failure));
            return Ok(promise);
        }
    };
    if let Some(signal) = &signal
        && signal.get_named_property::<bool>("aborted")?
    {
        deferred.reject(abort_error(env, signal)?);
        return Ok(promise);
    }
    let call = Arc::new(Call {
        cancellation: job.cancellation(),
        deferred: Mutex::new(Some(deferred)),
        listening: Mutex::new(None),
    });
    if let Some(signal) = signal {
        listen(env, &call, signal)?;
    }
    let worker = call.clone();
    let spawned = editloc_bind::spawn(move || {
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| job.run()))
            .unwrap_or_else(|_| {
                let message = "editloc panicked (a bug: please report it); nothing was written";
                Err(Failure::new(editloc::Code::InternalCheck, message))
            });
        let Some(deferred) = lock(&worker.deferred).take() else {
            return; // aborted: the result has no taker
        };
        let call = worker.clone();
        deferred.resolve(Box::new(move |env| {
            stop_listening(&env, &call)?;
            result
                .map(Frozen)
                .map_err(|failure| js_error(&env, failure))
        }));
    });
    if let Err(e) = spawned {
        stop_listening(env, &call)?;
        if let Some(deferred) = lock(&call.deferred).take() {
            let message = format!("editloc could not start a thread: {e}; nothing was done");
            deferred.reject(js_error(env, Failure::new(editloc::Code::Io, message)));
        }
    }
    Ok(promise)
}

/// Adds a listener to `signal` that gives the call up: `{ once: true }`, removed by
/// [`stop_listening`] when the call settles first.
fn listen(env: &Env, call: &Arc<Call>, signal: Object<'_>) -> napi::Result<()> {
    let aborted = call.clone();
    let listener = env.create_function_from_closure::<(), (), _>("editlocAbort", move |ctx| {
        on_abort(ctx.env, &aborted)
    })?;
    let mut once = Object::new(env)?;
    once.set_named_property("once", true)?;
    let add: Function<FnArgs<(&str, Unknown, Object)>, Unknown> =
        signal.get_named_property("addEventListener")?;
    add.apply(signal, FnArgs::from(("abort", listener.to_unknown(), once)))?;
    let mut holder = Object::new(env)?;
    holder.set_named_property("signal", signal)?;
    holder.set_named_property("listener", listener)?;
    *lock(&call.listening) = Some(holder.create_ref::<false>()?);
    Ok(())
}

/// The caller's signal fired: unless the call is already writing, its Promise rejects with
/// an `AbortError` now and its result will be dropped.
fn on_abort(env: &Env, call: &Call) -> napi::Result<()> {
    let holder = lock(&call.listening).take();
    let Some(holder) = holder else {
        return Ok(());
    };
    let signal: Object = holder.get_value(env)?.get_named_property("signal")?;
    let error = abort_error(env, &signal)?;
    holder.unref(env)?;
    if !call.cancellation.cancel() {
        return Ok(()); // committed to its write: it settles with what it did
    }
    if let Some(deferred) = lock(&call.deferred).take() {
        deferred.reject(error);
    }
    Ok(())
}

/// Removes the call's abort listener, if it still has one.
fn stop_listening(env: &Env, call: &Call) -> napi::Result<()> {
    let holder = lock(&call.listening).take();
    let Some(holder) = holder else {
        return Ok(());
    };
    let held = holder.get_value(env)?;
    let signal: Object = held.get_named_property("signal")?;
    let listener: Unknown = held.get_named_property("listener")?;
    let remove: Function<FnArgs<(&str, Unknown)>, Unknown> =
        signal.get_named_property("removeEventListener")?;
    remove.apply(signal, FnArgs::from(("abort", listener)))?;
    holder.unref(env)
}

/// The rejection of an aborted call, as Node's own APIs make it: `name` `AbortError`, `code`
/// `ABORT_ERR`, the signal's `reason` as `cause`.
fn abort_error(env: &Env, signal: &Object<'_>) -> napi::Result<napi::Error> {
    let message = "the call was aborted (its AbortSignal fired); nothing was written";
    let mut error = env.create_error(napi::Error::new(Status::Cancelled, message))?;
    error.set_named_property("name", "AbortError")?;
    error.set_named_property("code", "ABORT_ERR")?;
    error.set_named_property("cause", signal.get_named_property::<Unknown>("reason")?)?;
    Ok(napi::Error::from(error.to_unknown()))
}
