// The bench's reference point: a bare Fastify hello-world on the same machine, in the same run.
import Fastify from 'fastify';

const port = Number(process.argv[2] ?? 0);
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
const address = await app.listen({ host: '127.0.0.1', port });
process.stdout.write(`ready ${address}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
