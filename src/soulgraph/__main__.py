from soulgraph.cli import main

main()
