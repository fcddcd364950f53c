//! `tarock-telegram`: the Telegram bot. Configuration comes from the
//! environment (`TELOXIDE_TOKEN`, `TELOXIDE_API_URL`, `TAROCK_DATABASE`,
//! `TELEGRAM_WEBHOOK_*`, `TAROCK_METRICS_ADDR`, `RUST_LOG`); see the
//! README's "Run on Telegram" and "Running at scale". SIGTERM or Ctrl-C
//! stop it gracefully.

use std::process::ExitCode;

use tarock_bot_telegram::{Config, ConfigError, run};
use tarock_table::Lang;

fn main() -> ExitCode {
    tarock_ops::logs::init("info");
    let lang = std::env::var("LANG").map_or(Lang::De, |l| Lang::from_tag(&l));
    let config = match Config::from_env() {
        Ok(config) => config,
        Err(ConfigError::NoToken) => {
            eprintln!(
                "{}",
                tarock_table::text::text(lang, "telegram-no-token", Vec::new())
            );
            return ExitCode::from(2);
        }
        Err(e) => {
            eprintln!("tarock-telegram: {e}");
            return ExitCode::from(2);
        }
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("tarock-telegram: starting the async runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    let result = runtime.block_on(run(config, tarock_ops::shutdown::signal()));
    // Whatever a timed-out shutdown left running is dropped, not awaited.
    runtime.shutdown_timeout(std::time::Duration::from_millis(200));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("tarock-telegram: {e}");
            ExitCode::FAILURE
        }
    }
}
