"""Reading and writing graphs, apart from the graph itself (as in networkx)."""
