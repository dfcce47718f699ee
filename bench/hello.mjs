// The bench's reference points: a bare Fastify hello-world on the same machine, in the same run; and the same bare
// server sending again an answer the bench gave it (PUT /same-answer: the headers and body of one of the product's
// answers), which shows what sending those bytes costs the server and the load generator without any work.
import Fastify from 'fastify';

const port = Number(process.argv[2] ?? 0);
const app = Fastify({ logger: false, bodyLimit: 1024 * 1024 });
app.get('/', async () => ({ hello: 'world' }));

let answer = null;
app.put('/same-answer', async (request) => {
  const { headers, bodyBase64 } = request.body;
  answer = { headers, body: Buffer.from(bodyBase64, 'base64') };
  return { ok: true };
});
app.get('/same-answer', (request, reply) => {
  if (!answer) return reply.code(404).send();
  reply.headers(answer.headers).send(answer.body);
});

const address = await app.listen({ host: '127.0.0.1', port });
process.stdout.write(`ready ${address}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
