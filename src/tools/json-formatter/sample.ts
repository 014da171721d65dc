// The page's "Load example": a minified API response with nesting, arrays, numbers, booleans
// and null, so formatting visibly does something. Made up for this page.
export const SAMPLE = {
  json: '{"order":{"id":"ord_1042","created":"2026-01-01T09:30:00Z","paid":true,"customer":{"name":"Ada Lovelace","email":"ada@example.com","address":{"city":"London","country":"GB"}},"items":[{"sku":"NB-001","name":"Notebook","qty":2,"price":4.5},{"sku":"PN-014","name":"Fountain pen","qty":1,"price":32}],"coupon":null,"tags":["gift","express"]}}',
} as const;

/** The page's YAML and TOML examples: the same kind of document, in the shapes those formats take. */
export const YAML_SAMPLE =
  '# A service, in YAML\nservice:\n  name: checkout\n  replicas: 3\n  ratio: 1.0\n  ports: [80, 443]\n  env: &env\n    region: eu-west\n    debug: false\nstaging:\n  env: *env\n';
export const TOML_SAMPLE =
  '# A service, in TOML\n[service]\nname = "checkout"\nreplicas = 3\nstarted = 2026-01-01T09:30:00Z\n\n[[service.ports]]\nport = 80\n\n[[service.ports]]\nport = 443\n';
