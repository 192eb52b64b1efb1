from soulgraph.launch import main

main()
