// Front-end throughput benchmark: see Benchmarks/README.md.
print("not yet written")
