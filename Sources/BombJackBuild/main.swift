import BuildSupport

BuildRunner.main(BombJackTool.tool, BombJackTool.build)
