//! `tarock-discord`: the Discord bot. Configuration comes from the
//! environment (`DISCORD_TOKEN`, `DISCORD_API_URL`, `DISCORD_GUILD_ID`,
//! `TAROCK_DATABASE`, `RUST_LOG`); see the README's "Run on Discord".

use std::process::ExitCode;

use tarock_bot_discord::{Config, ConfigError, run};
use tarock_table::Lang;

fn main() -> ExitCode {
    env_logger::Builder::from_env(
        env_logger::Env::default().default_filter_or("info,serenity=warn,tracing=warn"),
    )
    .init();
    let lang = std::env::var("LANG").map_or(Lang::De, |l| Lang::from_tag(&l));
    let config = match Config::from_env() {
        Ok(config) => config,
        Err(ConfigError::NoToken) => {
            eprintln!(
                "{}",
                tarock_table::text::text(lang, "discord-no-token", Vec::new())
            );
            return ExitCode::from(2);
        }
        Err(e) => {
            eprintln!("tarock-discord: {e}");
            return ExitCode::from(2);
        }
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("tarock-discord: starting the async runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    let result = runtime.block_on(run(config, async {
        let _ = tokio::signal::ctrl_c().await;
    }));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("tarock-discord: {e}");
            ExitCode::FAILURE
        }
    }
}
