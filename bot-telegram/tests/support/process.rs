//! A bot binary run as a child process by a test (the Telegram and the
//! Discord scale tests share this file): its standard error goes to a log
//! file, SIGTERM is sent with `kill`, and dropping it kills what is left.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// A running bot process and its log file.
pub struct Process {
    pub child: Child,
    log: PathBuf,
}

impl Process {
    /// Starts `command` (its program and environment set by the caller)
    /// with no input, its output discarded and standard error in
    /// `dir/NAME.log`.
    pub fn spawn(mut command: Command, dir: &Path, name: &str) -> Process {
        let log = dir.join(format!("{name}.log"));
        let file = std::fs::File::create(&log).unwrap();
        let child = command
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(file)
            .spawn()
            .unwrap();
        Process { child, log }
    }

    /// What the process logged so far.
    pub fn log(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// Sends SIGTERM and waits for the exit: the status and the time it
    /// took (a hang guard, not a timing assertion).
    pub async fn terminate(&mut self) -> (ExitStatus, Duration) {
        let asked = Instant::now();
        let sent = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .unwrap();
        assert!(sent.success());
        for _ in 0..6000 {
            if let Some(status) = self.child.try_wait().unwrap() {
                return (status, asked.elapsed());
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        panic!("the bot did not exit after SIGTERM:\n{}", self.log());
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
