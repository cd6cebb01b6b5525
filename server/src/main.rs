#[tokio::main]
async fn main() -> anyhow::Result<()> {
    pointe_server::cli::run().await
}
